touch f; chmod 777 f; chmod -v a=r f; chmod -v u=rw,g=r,o= f
