import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute(
  '/_app/order/edit/$orderID/$agentID/$firstName/$lastName',
)({
  component: RouteComponent,
})

function RouteComponent() {
  return (
    <div>Hello "/_app/order/edit/$orderID/$agentID/$firstName/$lastName"!</div>
  )
}
