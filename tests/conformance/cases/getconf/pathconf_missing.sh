# check-stderr
getconf NAME_MAX nonexistent; echo $?; getconf PIPE_BUF /nonexistent; getconf LINK_MAX /
