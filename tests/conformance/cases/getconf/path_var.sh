getconf PATH; getconf CS_PATH
