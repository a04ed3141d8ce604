getconf HOST_NAME_MAX; getconf LOGIN_NAME_MAX; getconf TTY_NAME_MAX
