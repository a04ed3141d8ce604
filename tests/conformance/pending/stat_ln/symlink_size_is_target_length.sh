ln -s abcdefg l
stat -c '%s %F' l
