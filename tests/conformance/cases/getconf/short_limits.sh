getconf SHRT_MAX; getconf SHRT_MIN; getconf USHRT_MAX; getconf ULONG_MAX; getconf SSIZE_MAX
