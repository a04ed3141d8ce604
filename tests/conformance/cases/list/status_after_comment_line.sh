f() { echo in f; return 42; }
f
# a comment after the last command does not reset the status
