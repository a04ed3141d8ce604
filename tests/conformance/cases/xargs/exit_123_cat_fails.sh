printf 'ok\n' > ok
printf 'ok nosuch ok\n' | xargs -n1 cat 2>/dev/null; echo "status $?"
