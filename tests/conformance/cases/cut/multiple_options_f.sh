printf 'a b c\n' | cut -d' ' -f1 -f3 2>&1; echo "status $?"
