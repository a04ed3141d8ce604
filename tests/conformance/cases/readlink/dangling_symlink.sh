ln -s does/not/exist dang
readlink dang; echo "status $?"
