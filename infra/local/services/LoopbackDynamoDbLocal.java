// Starts DynamoDB Local listening on 127.0.0.1 only, with its table schemas parsed once instead of at
// every request (infra/local/services/dynamodb.ts runs it; javac compiles it against DynamoDB Local's
// jars).
//
// Loopback: DynamoDB Local has no listen-address option. Its ServerRunner builds a Jetty
// `new Server(port)`, whose connector binds every interface; this asks ServerRunner for the same server
// (same command-line options), sets the connector's host to the loopback address, and starts it.
//
// Schemas: DynamoDB Local keeps each table's schema as JSON in its SQLite file and parses it again for
// every item it reads or writes and every table lookup (getTableSchemaInfo2 and getTableInfo). With
// the table's nine indexes that parse was about a third of the emulator's CPU in the integration tests
// (a Java Flight Recorder profile: Jackson 34 % of all samples). SchemaCachingMapper keeps the parsed
// schema per JSON text (the same bytes always mean the same schema, whichever database they come from)
// and hands out a copy with collections of its own, since updateTable changes the schema it reads
// before writing it back. An entry is never stale (its key is the text itself), and a process sees a
// handful of schemas, so nothing is evicted. DYNAMODB_LOCAL_SCHEMA_CACHE=0 turns it off.
//
// Its parent's life: with DYNAMODB_LOCAL_EXIT_WITH_PARENT=1 the emulator exits once its standard input
// ends. The parent holds the pipe's other end and never writes to it, so the end comes when the parent
// dies, however it dies: a SIGKILL or a crash runs none of the parent's own clean-up, and Java, in a
// process group of its own, kept the port and the data directory (the next `npm start` found its port taken).
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.dynamodb.services.local.shared.access.sqlite.TableSchemaInfo;
import software.amazon.dynamodb.services.local.shared.mapper.DynamoDbObjectMapper;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    if ("1".equals(System.getenv("DYNAMODB_LOCAL_EXIT_WITH_PARENT"))) exitWithParent();
    if (!"0".equals(System.getenv("DYNAMODB_LOCAL_SCHEMA_CACHE"))) SchemaCachingMapper.install();
    Class<?> runner = Class.forName("software.amazon.dynamodb.services.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) args);
    Field field = proxy.getClass().getDeclaredField("server");
    field.setAccessible(true);
    Object server = field.get(proxy);
    Object[] connectors = (Object[]) server.getClass().getMethod("getConnectors").invoke(server);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local built a server without a connector");
    for (Object connector : connectors) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, "127.0.0.1");
    }
    proxy.getClass().getMethod("start").invoke(proxy);
  }

  /** Exits (through the shutdown hooks, as on SIGTERM) once standard input ends: see the file's head. */
  private static void exitWithParent() {
    Thread watch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Nothing is ever written; anything that is, is ignored.
        }
      } catch (java.io.IOException e) {
        // A broken pipe ends it too.
      }
      System.exit(0);
    }, "exit-with-parent");
    watch.setDaemon(true);
    watch.start();
  }

  /** DynamoDB Local's object mapper, remembering the table schemas it has parsed (see the file's head). */
  static final class SchemaCachingMapper extends DynamoDbObjectMapper {
    private static final long serialVersionUID = 1L;
    /** The classes whose private static MAPPER reads and writes schemas. */
    private static final String[] HOLDERS = {
      "software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccess",
      "software.amazon.dynamodb.services.local.shared.access.sqlite.SQLiteDBAccessJob",
    };
    private static final Field[] SCHEMA_FIELDS = schemaFields();

    /** A schema and the bytes it was parsed from, under their CRC-32C and length. */
    private record Parsed(byte[] json, TableSchemaInfo schema) {}

    private final transient Map<Long, Parsed> parsed = new ConcurrentHashMap<>();

    /** Puts one caching mapper in place of each holder's own, before the server has read anything. */
    @SuppressWarnings("removal")
    static void install() throws Exception {
      Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
      theUnsafe.setAccessible(true);
      sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
      SchemaCachingMapper mapper = new SchemaCachingMapper();
      for (String holder : HOLDERS) {
        // Initialised first (its own mapper made), then its field is pointed at ours.
        Field field = Class.forName(holder, true, LoopbackDynamoDbLocal.class.getClassLoader()).getDeclaredField("MAPPER");
        unsafe.putObjectVolatile(unsafe.staticFieldBase(field), unsafe.staticFieldOffset(field), mapper);
      }
    }

    private static Field[] schemaFields() {
      List<Field> fields = new ArrayList<>();
      for (Field f : TableSchemaInfo.class.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())) continue;
        f.setAccessible(true);
        fields.add(f);
      }
      return fields.toArray(new Field[0]);
    }

    @Override
    public <T> T readValue(byte[] src, Class<T> valueType) throws java.io.IOException {
      if (valueType != TableSchemaInfo.class) return super.readValue(src, valueType);
      // A checksum the processor computes and a comparison of the bytes themselves: a few kilobytes
      // each time, instead of a string made and hashed from them.
      java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
      crc.update(src);
      Long key = (crc.getValue() << 32) | src.length;
      Parsed known = parsed.get(key);
      if (known == null || !Arrays.equals(known.json(), src)) {
        known = new Parsed(src.clone(), (TableSchemaInfo) super.readValue(src, valueType));
        parsed.put(key, known);
      }
      return valueType.cast(copyOf(known.schema()));
    }

    /** The schema with lists and maps of its own (two levels deep); their elements are never changed in place. */
    private static TableSchemaInfo copyOf(TableSchemaInfo schema) {
      TableSchemaInfo copy = new TableSchemaInfo();
      try {
        for (Field f : SCHEMA_FIELDS) f.set(copy, copied(f.get(schema), 2));
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      return copy;
    }

    private static Object copied(Object value, int depth) {
      if (depth == 0 || value == null) return value;
      if (value instanceof List<?> list) {
        List<Object> out = new ArrayList<>(list.size());
        for (Object o : list) out.add(copied(o, depth - 1));
        return out;
      }
      if (value instanceof Map<?, ?> map) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) out.put(e.getKey(), copied(e.getValue(), depth - 1));
        return out;
      }
      return value;
    }
  }
}
