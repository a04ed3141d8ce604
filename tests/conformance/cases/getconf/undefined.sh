getconf TZNAME_MAX; getconf SYMLOOP_MAX
