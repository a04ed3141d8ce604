echo x{a,b}y
