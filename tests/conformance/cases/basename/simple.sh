basename /usr/local/bin/tool
