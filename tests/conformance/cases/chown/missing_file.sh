# check-stderr
chown "$(id -un)" nofile; echo "status $?"; chown -f "$(id -un)" nofile; echo "status $?"
