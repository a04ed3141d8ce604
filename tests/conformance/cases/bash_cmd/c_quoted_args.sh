bash -c 'for a in "$@"; do echo "<$a>"; done' n 'a b' '' c
