# A user function calling itself without end: calls are bounded by the
# run's call depth (and the evaluator's stack budget), so awk stops with a
# fatal error (status 2) long before the thread's stack overflows.
# profile: normal
# expect-stop: none
# expect-stdout: status 2
# expect-stderr-contains: call nesting too deep
awk 'function f(n) { return f(n + 1) + 1 } BEGIN { f(1) }'
echo "status $?"
