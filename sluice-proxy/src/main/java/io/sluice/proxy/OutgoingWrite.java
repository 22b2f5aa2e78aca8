package io.sluice.proxy;

import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.protocol.internal.Message;
import com.datastax.oss.protocol.internal.request.Prepare;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A write as each cluster is sent it, built by the {@link Dispatcher} for the {@link DualWriter}.
 *
 * @param routing where the data lives, for the choice of node
 * @param servingAgain the statements to prepare again on a node of the serving cluster that forgot
 *     them, by their ids there; {@code otherAgain} likewise
 * @param asText the write as the replay log keeps it, built only when it is kept
 */
record OutgoingWrite(
    Message toServing,
    Message toOther,
    String keyspace,
    Request routing,
    Map<ByteBuffer, Prepare> servingAgain,
    Map<ByteBuffer, Prepare> otherAgain,
    Supplier<Message> asText) {}
