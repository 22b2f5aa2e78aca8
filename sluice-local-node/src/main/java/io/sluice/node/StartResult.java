package io.sluice.node;

import java.time.Duration;

/**
 * A node that answers CQL after {@link LocalNode#start}.
 *
 * @param status the running node
 * @param alreadyRunning true if the node was running before and was only waited for
 * @param releaseVersion what the node answered to {@code SELECT release_version FROM system.local}
 * @param elapsed how long the start took
 */
public record StartResult(
    NodeStatus status, boolean alreadyRunning, String releaseVersion, Duration elapsed) {}
