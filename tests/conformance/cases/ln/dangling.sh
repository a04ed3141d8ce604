ln -s does/not/exist dang; [ -L dang ] && echo link; [ -e dang ] || echo dangling; cat dang 2>/dev/null || echo "cat fails"
