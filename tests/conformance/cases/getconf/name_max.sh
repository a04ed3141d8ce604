getconf NAME_MAX /tmp; getconf NAME_MAX .
