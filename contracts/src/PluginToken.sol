// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Receiver side of ERC677 `transferAndCall`.
interface IERC677Receiver {
    function onTokenTransfer(address from, uint256 amount, bytes calldata data) external;
}

/// @title PluginToken (PLI)
/// @notice ERC20 with ERC677 `transferAndCall`; only the owner mints. Development stand-in for the real PLI token.
contract PluginToken is ERC20, Ownable {
    event Transfer(address indexed from, address indexed to, uint256 value, bytes data);

    constructor(address initialOwner) ERC20("Plugin", "PLI") Ownable(initialOwner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        require(amount > 0, "PLI: amount must be > 0");
        _mint(to, amount);
    }

    /// @notice Transfers `amount` to `to` and, when `to` is a contract, calls its `onTokenTransfer`.
    function transferAndCall(address to, uint256 amount, bytes calldata data) external returns (bool) {
        _transfer(msg.sender, to, amount);
        emit Transfer(msg.sender, to, amount, data);
        if (to.code.length > 0) {
            IERC677Receiver(to).onTokenTransfer(msg.sender, amount, data);
        }
        return true;
    }
}
