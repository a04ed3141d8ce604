touch f; chmod 777 f; chmod -v u+x,go-w f
