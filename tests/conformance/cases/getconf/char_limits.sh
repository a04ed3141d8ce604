getconf CHAR_BIT; getconf CHAR_MAX; getconf CHAR_MIN; getconf SCHAR_MIN; getconf UCHAR_MAX
