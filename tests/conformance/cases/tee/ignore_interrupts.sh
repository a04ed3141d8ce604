echo x | tee -i f; cat f
echo y | tee --ignore-interrupts -a f; cat f
