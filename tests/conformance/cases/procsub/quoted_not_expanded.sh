echo '<(echo x)' "<(echo y)"
