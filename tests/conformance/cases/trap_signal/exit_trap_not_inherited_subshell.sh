trap 'echo main exit' EXIT
(echo sub)
echo main
