package io.sluice.proxy;

import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import com.datastax.oss.protocol.internal.response.Error;

/**
 * What a cluster's answer to a write says of whether it applied the write. A write the cluster
 * refused before running it, or that never reached a node, was not applied and can be sent again
 * whatever it does; a write that timed out, or whose connection was lost, may have been applied, so
 * sending it again is safe only where a second application changes nothing.
 */
enum SendOutcome {
  /** The cluster answered the write without an error. */
  APPLIED,
  /** The write was not applied: never sent, or refused before it ran. */
  NOT_APPLIED,
  /** The write may or may not have been applied. */
  UNKNOWN;

  /** The outcome of a send that ended with {@code answer}, or failed with {@code error}. */
  static SendOutcome of(Message answer, Throwable error) {
    if (error != null) {
      return ofFailure(error);
    }
    if (!(answer instanceof Error refused)) {
      return APPLIED;
    }
    return switch (refused.code) {
      case ProtocolConstants.ErrorCode.WRITE_TIMEOUT,
          ProtocolConstants.ErrorCode.WRITE_FAILURE,
          ProtocolConstants.ErrorCode.SERVER_ERROR,
          ProtocolConstants.ErrorCode.CAS_WRITE_UNKNOWN ->
          UNKNOWN;
      default -> NOT_APPLIED;
    };
  }

  private static SendOutcome ofFailure(Throwable error) {
    Throwable cause = error;
    while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof Backend.NoNodeAnswers noNode) {
      return noNode.sent() ? UNKNOWN : NOT_APPLIED;
    }
    if (Backend.isMissingKeyspace(cause)) {
      return NOT_APPLIED;
    }
    // The proxy stopped waiting, or the connection was lost with the request on it.
    return UNKNOWN;
  }
}
