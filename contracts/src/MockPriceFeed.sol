// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A price feed with the standard aggregator interface (AggregatorV3Interface), for local chains
/// and tests: the owner adds each round with its answer and the time it was observed.
contract MockPriceFeed is Ownable {
    struct Round {
        int256 answer;
        uint256 updatedAt;
    }

    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 1;

    Round[] private rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(address initialOwner, uint8 decimals_, string memory description_) Ownable(initialOwner) {
        decimals = decimals_;
        description = description_;
    }

    /// @notice Adds the next round. `updatedAt` may lie in the past (a price history), never in the future,
    /// and never before the previous round's.
    function addRound(int256 answer, uint256 updatedAt) external onlyOwner returns (uint80 roundId) {
        require(updatedAt <= block.timestamp, "Round is in the future");
        require(rounds.length == 0 || updatedAt >= rounds[rounds.length - 1].updatedAt, "Round is before the last");
        rounds.push(Round(answer, updatedAt));
        roundId = uint80(rounds.length);
        emit AnswerUpdated(answer, roundId, updatedAt);
    }

    function getRoundData(uint80 roundId)
        public
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        require(roundId > 0 && roundId <= rounds.length, "No data present");
        Round storage round = rounds[roundId - 1];
        return (roundId, round.answer, round.updatedAt, round.updatedAt, roundId);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(uint80(rounds.length));
    }

    function latestRound() external view returns (uint256) {
        return rounds.length;
    }
}
