printf 'a\n' | xargs echo > /dev/null; echo "status $?"
