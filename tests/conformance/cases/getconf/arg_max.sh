getconf ARG_MAX; getconf _POSIX_ARG_MAX
