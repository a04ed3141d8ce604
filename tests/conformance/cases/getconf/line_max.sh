getconf LINE_MAX; getconf RE_DUP_MAX; getconf EXPR_NEST_MAX; getconf COLL_WEIGHTS_MAX
