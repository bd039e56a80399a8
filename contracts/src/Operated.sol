// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice Owner plus a set of operators allowed to run admin functions.
abstract contract Operated is Ownable {
    mapping(address => bool) public operators;

    event OperatorChanged(address indexed operator, bool enabled);

    constructor(address initialOwner) Ownable(initialOwner) {}

    modifier onlyOperator() {
        require(msg.sender == owner() || operators[msg.sender], "Caller is not owner or operator");
        _;
    }

    function setOperator(address operator, bool enabled) external onlyOwner {
        require(operator != address(0), "Operator is the zero address");
        operators[operator] = enabled;
        emit OperatorChanged(operator, enabled);
    }
}
