ionice false; echo "[$?]"
ionice -c 3 sh -c 'exit 42'; echo "[$?]"
