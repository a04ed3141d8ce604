getconf BC_BASE_MAX; getconf BC_DIM_MAX; getconf BC_SCALE_MAX; getconf BC_STRING_MAX
