getconf INT_MAX; getconf INT_MIN; getconf UINT_MAX; getconf LONG_BIT; getconf WORD_BIT
