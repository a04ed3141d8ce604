# check-stderr
echo x | egrep '('; echo $?; echo x | fgrep '('; echo $?
