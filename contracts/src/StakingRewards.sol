// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {Operated} from "./Operated.sol";

/// @title StakingRewards
/// @notice PLI stake positions per (wallet, node) and the incentive reward pool.
/// Staked principal and the reward pool are separate balances: payouts only ever come from the pool.
contract StakingRewards is Operated, ReentrancyGuard {
    using SafeERC20 for IERC20;

    enum Status { None, Staked, Unlocked }

    struct Position {
        uint256 amount;
        Status status;
    }

    IERC20 public immutable token;
    uint256 public minStakeAmt;
    uint256 public maxStakeAmt;
    uint256 public totalStaked;
    uint256 public rewardPool;

    mapping(address => mapping(address => bool)) public whitelisted;
    mapping(address => mapping(address => Position)) public positions;
    mapping(bytes32 => bool) public rewardPaid;

    event Whitelisted(address indexed wallet, address indexed node, address by);
    event Staked(address indexed wallet, address indexed node, uint256 amount, uint256 total);
    event ToppedUp(address indexed wallet, address indexed node, uint256 amount, uint256 total);
    event Unlocked(address indexed wallet, address indexed node, uint256 total, address by);
    event Unstaked(address indexed wallet, address indexed node, uint256 amount);
    event RewardDeposited(address indexed from, uint256 amount, uint256 pool);
    event RewardPaid(address indexed wallet, address indexed node, uint256 indexed date, uint256 amount);
    event StakeLimitsChanged(uint256 minStakeAmt, uint256 maxStakeAmt);

    constructor(address initialOwner, IERC20 token_, uint256 minStake, uint256 maxStake) Operated(initialOwner) {
        require(address(token_) != address(0), "Token is the zero address");
        require(minStake > 0, "Amount must be greater than 0");
        require(minStake <= maxStake, "Minimum exceeds maximum");
        token = token_;
        minStakeAmt = minStake;
        maxStakeAmt = maxStake;
        emit StakeLimitsChanged(minStake, maxStake);
    }

    function whiteListIt(address wallet, address node) external onlyOperator {
        require(wallet != address(0) && node != address(0), "Zero address");
        whitelisted[wallet][node] = true;
        emit Whitelisted(wallet, node, msg.sender);
    }

    function stakeTokens(uint256 amount, address node) external nonReentrant {
        _stake(msg.sender, amount, node);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    function topupStake(uint256 amount, address node) external nonReentrant {
        _topup(msg.sender, amount, node);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice ERC677 hook: a one-transaction stake (or top-up) with the node address ABI-encoded in `data`.
    function onTokenTransfer(address from, uint256 amount, bytes calldata data) external nonReentrant {
        require(msg.sender == address(token), "Only the PLI token");
        require(data.length == 32, "Data must be the node address");
        address node = abi.decode(data, (address));
        if (positions[from][node].status == Status.None) {
            _stake(from, amount, node);
        } else {
            _topup(from, amount, node);
        }
    }

    function unlock(address wallet, address node) external onlyOperator {
        Position storage p = positions[wallet][node];
        require(p.status == Status.Staked, "No active stake");
        p.status = Status.Unlocked;
        emit Unlocked(wallet, node, p.amount, msg.sender);
    }

    function unstake(address node) external nonReentrant {
        Position storage p = positions[msg.sender][node];
        require(p.status == Status.Unlocked, "Stake is not unlocked");
        uint256 amount = p.amount;
        delete positions[msg.sender][node];
        totalStaked -= amount;
        emit Unstaked(msg.sender, node, amount);
        token.safeTransfer(msg.sender, amount);
    }

    function depositReward(uint256 amount) external onlyOperator nonReentrant {
        require(amount > 0, "Amount must be greater than 0");
        rewardPool += amount;
        emit RewardDeposited(msg.sender, amount, rewardPool);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Bulk incentive payout. Each (wallet, node, date) is paid at most once, from the reward pool only.
    function payRewards(
        address[] calldata wallets,
        uint256[] calldata amounts,
        uint256[] calldata dates,
        address[] calldata nodes
    ) external onlyOperator nonReentrant {
        uint256 n = wallets.length;
        require(n > 0, "Empty payout");
        require(amounts.length == n && dates.length == n && nodes.length == n, "Array lengths mismatch");
        for (uint256 i = 0; i < n; i++) {
            require(wallets[i] != address(0), "Zero address");
            require(amounts[i] > 0, "Amount must be greater than 0");
            bytes32 key = keccak256(abi.encode(wallets[i], nodes[i], dates[i]));
            require(!rewardPaid[key], "Reward already paid");
            require(amounts[i] <= rewardPool, "Insufficient reward pool");
            rewardPaid[key] = true;
            rewardPool -= amounts[i];
            emit RewardPaid(wallets[i], nodes[i], dates[i], amounts[i]);
            token.safeTransfer(wallets[i], amounts[i]);
        }
    }

    function setMinStakeAmt(uint256 amount) external onlyOperator {
        require(amount > 0, "Amount must be greater than 0");
        require(amount <= maxStakeAmt, "Minimum exceeds maximum");
        minStakeAmt = amount;
        emit StakeLimitsChanged(amount, maxStakeAmt);
    }

    function setMaxStakeAmt(uint256 amount) external onlyOperator {
        require(amount > 0, "Amount must be greater than 0");
        require(amount >= minStakeAmt, "Maximum below minimum");
        maxStakeAmt = amount;
        emit StakeLimitsChanged(minStakeAmt, amount);
    }

    function isRewardPaid(address wallet, address node, uint256 date) external view returns (bool) {
        return rewardPaid[keccak256(abi.encode(wallet, node, date))];
    }

    function _stake(address wallet, uint256 amount, address node) private {
        require(amount > 0, "Amount must be greater than 0");
        require(whitelisted[wallet][node], "Wallet and node not whitelisted");
        Position storage p = positions[wallet][node];
        require(p.status == Status.None, "Position exists: use topupStake");
        require(amount >= minStakeAmt, "Below minimum stake");
        require(amount <= maxStakeAmt, "Above maximum stake");
        p.amount = amount;
        p.status = Status.Staked;
        totalStaked += amount;
        emit Staked(wallet, node, amount, amount);
    }

    function _topup(address wallet, uint256 amount, address node) private {
        require(amount > 0, "Amount must be greater than 0");
        Position storage p = positions[wallet][node];
        require(p.status == Status.Staked, "No active stake");
        require(p.amount + amount <= maxStakeAmt, "Above maximum stake");
        p.amount += amount;
        totalStaked += amount;
        emit ToppedUp(wallet, node, amount, p.amount);
    }
}
