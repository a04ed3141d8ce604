test "$(getconf _NPROCESSORS_ONLN)" -ge 1 && echo ok; test "$(getconf _NPROCESSORS_CONF)" -ge 1 && echo ok
