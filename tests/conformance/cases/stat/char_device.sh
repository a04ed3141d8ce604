stat -c "%F %t %T %m" /dev/null; stat -L -c "%F" /dev/zero
