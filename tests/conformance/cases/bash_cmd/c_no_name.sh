bash -c 'echo "$0 $#"'
