[ "$(id -uz | sed 's/\x0$/X/')" = "$(id -u)X" ] && echo ok
