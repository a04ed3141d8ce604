printf 'data\n' > list; printf 'D\n' > data
echo piped | xargs -a list cat - ; echo "status $?"
