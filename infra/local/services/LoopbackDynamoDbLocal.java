// Starts DynamoDB Local listening on 127.0.0.1 only. DynamoDB Local has no listen-address option: its
// ServerRunner builds a Jetty `new Server(port)`, whose connector binds every interface. This launcher
// asks ServerRunner for the same server (same command-line options), sets the connector's host to the
// loopback address before it starts, and starts it. Only reflection, so it compiles without
// DynamoDB Local's jars on javac's class path (infra/local/services/dynamodb.ts runs it).
import java.lang.reflect.Field;

public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
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
}
