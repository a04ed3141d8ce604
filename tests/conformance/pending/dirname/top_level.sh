dirname /usr; dirname //usr
