getconf PIPE_BUF /
