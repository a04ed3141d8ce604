basename -a /one/two three/four/ five
