Y=2 bash -c 'echo "[$Y]"'; echo "[$Y]"
