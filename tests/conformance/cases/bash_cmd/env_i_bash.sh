env -i X=1 bash -c 'echo "[$X]"'
