printf 'a\nb\n' | xargs -n1 bash -c 'echo "item $0"'
