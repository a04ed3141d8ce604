getconf CLK_TCK
