from tracerfix.entry import main

main()
