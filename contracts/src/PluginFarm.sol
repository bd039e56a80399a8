// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Operated} from "./Operated.sol";

/// @title PluginFarm
/// @notice Whitelist of PLI farm nodes and the farm's staking caps.
contract PluginFarm is Operated {
    uint256 public minStakingCap;
    uint256 public maxStakingCap;

    mapping(address => mapping(address => bool)) public whitelisted;

    event FarmNodeWhitelisted(address indexed wallet, address indexed node, address by);
    event StakingCapsChanged(uint256 minStakingCap, uint256 maxStakingCap);

    constructor(address initialOwner, uint256 minCap, uint256 maxCap) Operated(initialOwner) {
        _setCaps(minCap, maxCap);
    }

    function whiteListPLIFarmNode(address wallet, address node) external onlyOperator {
        require(wallet != address(0) && node != address(0), "Zero address");
        whitelisted[wallet][node] = true;
        emit FarmNodeWhitelisted(wallet, node, msg.sender);
    }

    function setStakingCaps(uint256 minCap, uint256 maxCap) external onlyOperator {
        _setCaps(minCap, maxCap);
    }

    function _setCaps(uint256 minCap, uint256 maxCap) private {
        require(minCap > 0, "Amount must be greater than 0");
        require(minCap <= maxCap, "Minimum exceeds maximum");
        minStakingCap = minCap;
        maxStakingCap = maxCap;
        emit StakingCapsChanged(minCap, maxCap);
    }
}
