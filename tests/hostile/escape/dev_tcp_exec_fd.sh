# ... whatever the redirection operator: exec with `<>`, `>`, `<`, `>>`.
# expect-stop: none
# expect-status: 1
# expect-stderr-contains: /dev/tcp/example.com/80: network access is not available in the sandbox
# expect-stderr-not-contains: No such file or directory
exec 3<>/dev/tcp/example.com/80
exec 4>/dev/tcp/example.com/80
exec 5</dev/tcp/example.com/80
exec 6>>/dev/tcp/example.com/80
