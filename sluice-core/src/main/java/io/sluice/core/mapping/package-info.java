/**
 * From source records to target rows: the {@code mapping:} part of a job file ({@link
 * io.sluice.core.mapping.MappingSpec}), its compiled form ({@link io.sluice.core.mapping.Mapper}),
 * the conversions from Sluice's value model to the Java types of CQL columns ({@link
 * io.sluice.core.mapping.ValueConverter}, whose javadoc holds the conversion table), and the
 * inference of a mapping and {@code CREATE TABLE} from a sample ({@link
 * io.sluice.core.mapping.MappingInference}).
 *
 * <p>Rules that hold throughout: a mapping that cannot work is refused when compiled ({@link
 * io.sluice.core.mapping.MappingException}); a record that cannot be mapped faithfully is a {@link
 * io.sluice.core.mapping.MapResult.Failed} with a one-sentence reason, never an exception and never
 * a silently changed value.
 */
package io.sluice.core.mapping;
