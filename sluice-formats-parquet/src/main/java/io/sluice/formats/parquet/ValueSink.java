package io.sluice.formats.parquet;

/** Where a converter puts each value it assembles: a struct's field, a list, a map entry. */
@FunctionalInterface
interface ValueSink {

  void accept(Object value);
}
