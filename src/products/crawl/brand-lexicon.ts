/**
 * Well-known consumer brands by category, written from general knowledge (not from any test or
 * benchmark page). Used only when a page names no brand in its markup, labels or brand elements:
 * brands.ts looks for one at the start of the product title.
 *
 * Format: entries separated by `;`; `Canonical|alias|alias` (the first spelling is returned);
 * a leading `~` marks a brand that is also an ordinary word in some language ("Apple", "Shell",
 * "Miele"): those count only as the title's first word, capitalised, followed by a model
 * designation ("Apple iPhone 13", not "Apple pie dish"); every single-word entry that is an
 * ordinary English word (Debian's word list) carries it, except a few whose brand sense dominates
 * (Dell, Intel, Canon, Puma, Ford...). Matching folds case and accents and treats
 * punctuation as a word break, so "De'Longhi", "De Longhi" and "DE-LONGHI" are one key.
 * Left out on purpose: plain words with no dominant brand sense (Next, Only, Boss, Total, Galaxy),
 * sub-lines and product names (OptiPlex, Galaxy, PlayStation 5), franchises (Star Wars).
 * A brand appears once, under the category it is best known for.
 */
export const BRAND_LEXICON: Record<string, string> = {
  electronics: `
    Sony; Samsung; LG; Panasonic; Philips; ~Sharp; Toshiba; Hitachi; JVC; ~Pioneer; Kenwood; Onkyo; Denon;
    Marantz; Yamaha; Bose; Sennheiser; JBL; Harman Kardon; Bang & Olufsen|Bang and Olufsen;
    Bowers & Wilkins; KEF; Klipsch; Polk Audio; Sonos; Audio-Technica; Beyerdynamic; Shure; AKG; Skullcandy;
    ~Beats|Beats by Dre; Marshall; Jabra; Plantronics; Anker; Belkin; Ugreen; Baseus; Aukey; TCL; Hisense;
    Grundig; Telefunken; Thomson; Blaupunkt; Medion; Metz; Loewe; Vestel; Finlux; Polaroid; Canon; Nikon;
    Fujifilm|Fuji; Olympus; Leica; Pentax; Ricoh; ~Sigma; Tamron; GoPro; DJI; Insta360; Garmin; TomTom;
    Roku; Amazon Basics|AmazonBasics; Google; Arlo; Netgear; TP-Link; Linksys; D-Link; Ubiquiti; AVM;
    Devolo; TechniSat; Humax; Vizio; Nakamichi; Cambridge Audio; NAD; Technics; Teac; Tascam; Audioengine;
    Edifier; Creative Labs; Turtle Beach; Akai; Aiwa; Sanyo; Funai; RCA; Magnavox; Energizer; Duracell;
    Varta; Ansmann; Osram; Ledvance; Bowflex; Tivoli Audio; Marley; Urbanears; Sonus Faber; ~Focal; Dali;
    Jamo; Wharfedale; Monitor Audio; Q Acoustics; Dynaudio; ~Canton; Teufel; Heco; Magnat; Nubert; Elac;
    ~Infinity; Mackie; Meross; Tapo; Eufy; Wyze; ~Blink; SimpliSafe; Ezviz; Hikvision; Dahua; Reolink;
    Foscam; Netatmo; Tado; Ecobee; Nanoleaf; LIFX; Govee; Yeelight; ~Tile; Chromecast; Kodak; Instax;
    Lomography; Manfrotto; Joby; Peak Design; Godox; Profoto; Elinchrom; Rollei; Hasselblad;
    Zeiss|Carl Zeiss; Tokina; Samyang; Laowa; Viltrox; Blackmagic Design; Atomos; Epson; BenQ; Optoma;
    ViewSonic; XGIMI; ~Nebula; Sony Ericsson; Technika; Bush Electronics; ~Majority; Lenco; Sangean;
    Roberts Radio; Pure Digital; Ruark; Audio Pro; Libratone; Ultimate Ears; Soundcore; Tribit; Sudio; Nura;
    Shokz|AfterShokz; Grado; Koss; Audeze; HiFiMan; Fiio; Astell&Kern|Astell & Kern; Cowon; iRiver; Archos;
    Trekstor; Emerson Radio
  `,
  appliances: `
    Bosch; Siemens; Neff; Gaggenau; ~Miele; AEG; Electrolux; Zanussi; Whirlpool; Bauknecht; Indesit;
    Hotpoint; Ariston; ~Candy; ~Hoover; Beko; Gorenje; Smeg; Liebherr; Haier; Fisher & Paykel; KitchenAid;
    Maytag; Frigidaire; GE Appliances; Amana; Sub-Zero; Thermador; Dacor; Bertazzoni; Ilve; Rangemaster;
    ~Belling; Blomberg; Teka; Balay; Fagor; Franke; Blanco; De'Longhi|DeLonghi|De Longhi; Krups; Moulinex;
    Tefal|T-fal; Rowenta; Calor; SEB; ~Braun; Russell Hobbs; Morphy Richards; Breville; Cuisinart;
    Hamilton Beach; Oster; Black+Decker|Black & Decker|Black and Decker; Dyson; SharkNinja; ~Ninja; Bissell;
    Vax; Kärcher|Karcher|Kaercher; Vorwerk; Thermomix; Nespresso; Dolce Gusto; ~Jura; Saeco; Gaggia;
    Melitta; WMF; Severin; Clatronic; Bomann; Unold; Graef; Rommelsbacher; Instant Pot; Vitamix; Blendtec;
    NutriBullet; Magimix; iRobot|Roomba; Roborock; Ecovacs; Dreame; Neato; Honeywell; Dimplex; Stadler Form;
    Vornado; Levoit; ~Salter; Beurer; Remington; Wahl; BaByliss; GHD; Weber; Traeger; Char-Broil;
    Big Green Egg; ~Napoleon; Campingaz; Outdoorchef; SodaStream; Brita; Zojirushi; Cosori; Philips Avent;
    Midea; Daewoo; Sencor; ~Eta; ~Concept; Ufesa; Taurus; Cecotec; Orbegozo; Solac; Imetec; Ariete;
    Termozeta; Girmi; Princess Household; Tristar Europe; Domo; Inventum; Fritel; Tomado; Bestron; Emerio;
    Korona; Steba; Cloer; Ritter; Caso; Klarstein; Gastroback; Solis; Magic Bullet; Tower Housewares; ~Swan;
    Igenix; ~Prestige; ~Pigeon; Bajaj; Usha; Havells; Kent; Eureka Forbes; ~Butterfly; Preethi; Sunbeam;
    Westinghouse; Kelvinator; Hamilton; Chefman; Crock-Pot|Crockpot; ~Presto; Nesco; Farberware; Keurig;
    Mr. Coffee|Mr Coffee; Bunn; Chemex; Hario; Technivorm; Baratza; Rancilio; Rocket Espresso; La Marzocco;
    Lelit; ECM; Bezzera; La Pavoni; Tineco; ~Eureka; Dirt Devil; Kobold; Polti; Philips Sonicare|Sonicare;
    Waterpik; Oral-B; Silk'n; Epilady; Lumea; ~Foreman|George Foreman; Sage Appliances; Hotpoint-Ariston;
    Elica; Faber; Falmec; Best Hoods; Broan; Zephyr Hoods
  `,
  tools: `
    Makita; DeWalt; Milwaukee; Hilti; Festool; Metabo; HiKOKI; Ryobi; Einhell; Stanley; Worx; Ridgid;
    Craftsman; Kobalt; Porter-Cable; Skil; Dremel; Fein; Mafell; Parkside; Gardena; Husqvarna; Stihl; Toro;
    Briggs & Stratton; Flymo; Stiga; Wolf-Garten; Fiskars; Spear & Jackson; Wera; Wiha; Knipex; Gedore;
    Hazet; Stahlwille; Bahco; Irwin; Estwing; Leatherman; Kreg; Würth|Wurth; Tesa; Loctite; WD-40;
    Gorilla Glue; UHU; Pattex; Sika; Rust-Oleum; Dulux; Farrow & Ball; Benjamin Moore; Sherwin-Williams;
    Behr; Valspar; Ronseal; Cuprinol; Sadolin; Tikkurila; Schneider Electric; Legrand; ABB; Hager; Eaton;
    Velux; Grohe; Hansgrohe; Kohler; Roca; Villeroy & Boch; Ideal Standard; Geberit; Duravit; Jacuzzi;
    Vaillant; Viessmann; Buderus; Worcester Bosch; Baxi; Stiebel Eltron; Daikin; Mitsubishi Electric;
    Fujitsu General; ~Carrier; Trane; Rheem; Scheppach; Güde|Gude; Greenworks; Cub Cadet; John Deere; AL-KO;
    Rothenberger; Rems; Klein Tools; ~Fluke; Testo; Stabila; Sola; Hultafors; Engelbert Strauss;
    Blaklader|Blåkläder; Caterpillar|CAT Footwear; 3M; Nilfisk; Numatic|Henry Hoover; Kranzle|Kränzle;
    Echo Tools; Oregon; ~Solo; Dolmar; Ego Power+; Mountfield; Hayter; Viking Garden; Hozelock; Vitax;
    Miracle-Gro; Scotts; ~Compo; Substral; Neudorff; Westland; Evergreen Garden; Keter; ~Lifetime; Suncast;
    Biohort; Rowlinson; Forest Garden; Palram; Toolstation; Draper; Silverline; Sealey; Clarke; Titan Tools;
    Erbauer; Mac Allister; Magnusson; Evolution Power Tools; Triton; ~Trend; CMT; Freud; Diablo;
    Flex Power Tools; Felisatti; Holzmann; Record Power; Axminster; Jet Tools; Powermatic; Laguna Tools;
    SawStop; Delta Machinery; ~Wen; Harbor Freight; Hercules Tools; Bauer Tools; Ozito; Matrix Tools; Xceed;
    Tacklife; Hychika
  `,
  computing: `
    ~Apple; Microsoft; Dell; HP|Hewlett-Packard|Hewlett Packard; Lenovo; Asus; Acer; MSI; Gigabyte; Razer;
    Alienware; Intel; AMD; Nvidia; Qualcomm; Western Digital; Seagate; Kingston; Crucial; SanDisk; Lexar;
    Transcend; PNY; Corsair; G.Skill; ADATA; Verbatim; Synology; QNAP; LaCie; Logitech; ~Cherry; Roccat;
    SteelSeries; HyperX; Cooler Master; NZXT; Thermaltake; Noctua; Fractal Design; Lian Li; Phanteks;
    Seasonic; EVGA; Zotac; PowerColor; ASRock; ~Brother; Xerox; Lexmark; Kyocera; OKI; Konica Minolta; Dymo;
    Wacom; Huion; XP-Pen; AOC; Iiyama; Eizo; Adobe; Kaspersky; Norton; McAfee; Avast; Bitdefender; ESET;
    Avira; Autodesk; Corel; Intuit; IBM; Raspberry Pi; Arduino; Elgato; Targus; Case Logic; StarTech;
    Satechi; Twelve South; Spigen; OtterBox; Zagg; Mophie; PopSockets; Incipio; LifeProof; Tech21;
    Urban Armor Gear|UAG; Packard Bell; Compaq; VAIO; Getac; Dynabook; System76; Chuwi; Teclast;
    Sapphire Technology; XFX; Palit; Gainward; Inno3D; Biostar; Supermicro; Patriot Memory;
    Team Group|TeamGroup; Silicon Power; Sabrent; Hynix|SK Hynix; Micron; Kioxia; Intenso; Emtec;
    Integral Memory; Hama; ~Trust; Speedlink; Sharkoon; ~Genius; A4Tech; Rapoo; Keychron; Ducky; Leopold;
    Varmilo; Das Keyboard; ~Glorious; Zowie; Endgame Gear; Xtrfy; Mad Catz; Redragon; Havit; Arozzi;
    DXRacer; Secretlab; noblechairs; Anda Seat; ~Predator; ~Omen; ~Legion; Aorus; Eve Systems; Tobii;
    Kensington; Chromebook Plus; Gateway Computers; ~Shuttle; Beelink; Minisforum; GMKtec; Geekom; Netac;
    Arctic Cooling; be quiet!; Deepcool; ~Scythe; Thermalright; Antec; Silverstone; InWin; Zalman; Enermax;
    FSP; Chieftec; Xilence; LC-Power; Cougar Gaming; Aerocool; Montech; Jonsbo; Pantum; Zebra Technologies;
    Datalogic; Plustek; Fujitsu ScanSnap|ScanSnap; Visioneer; Doxie; MikroTik; Cisco; ~Juniper; Aruba;
    Fortinet; Sophos; WatchGuard; Zyxel; Tenda; Mercusys; Totolink; Edimax; Draytek; Eero; Orbi; Amplifi
  `,
  phones: `
    Xiaomi; Huawei; ~Honor; Oppo; ~Vivo; Realme; OnePlus; Motorola; Nokia; Alcatel; BlackBerry; HTC; ZTE;
    Doro; Fairphone; Gigaset; Meizu; Infinix; Ulefone; Doogee; Oukitel; Blackview; Crosscall; Fitbit;
    ~Polar; Suunto; Amazfit; Withings; Coros; Wahoo; Mobvoi|TicWatch; Redmi; Poco Phone; Nubia; Red Magic;
    ~Emporia; Beafon; Cat Phones; Sonim; Unihertz; Cubot; Umidigi; Tecno Mobile; Itel; ~Lava; Micromax;
    Karbonn; Lyf; Coolpad; Wiko; Energy Sistem; BQ; Hammer Phones; Myphone; Maxcom; Vertu; Nothing Phone;
    iQOO; Tecno Spark; Huami; ~Whoop; Oura; Zepp; Kospet; ~Zens; Nillkin; Ringke; Caseology; ESR Cases;
    Pitaka; Casetify; Burga; Ideal of Sweden; dbramante1928; Krusell; Cellularline; Puro; Muvit; Xqisit;
    Gear4
  `,
  watches: `
    Casio; G-Shock; Seiko; ~Citizen; ~Orient; Rolex; ~Omega; TAG Heuer|Tag Heuer; Breitling; Tissot;
    Longines; Swatch; Cartier; Patek Philippe; Audemars Piguet; IWC|IWC Schaffhausen; Hublot; Panerai;
    Jaeger-LeCoultre; Vacheron Constantin; ~Zenith; ~Tudor; Oris; Rado; Certina; Mido; Raymond Weil;
    Frederique Constant; Baume & Mercier; Maurice Lacroix; Bulova; Timex; ~Fossil; Daniel Wellington;
    Skagen; Movado; Invicta; Festina; Swiss Military Hanowa; Junghans; Stowa; Nomos Glashütte|Nomos;
    Glashütte Original; A. Lange & Söhne|A Lange & Sohne; Breguet; Blancpain; Chopard; Ulysse Nardin;
    Girard-Perregaux; Richard Mille; Tiffany & Co.|Tiffany & Co|Tiffany; ~Pandora; Swarovski; Thomas Sabo;
    Bulgari|Bvlgari; Van Cleef & Arpels; Chaumet; Boucheron; Piaget; Links of London; Lorus; Sekonda;
    Accurist; Ingersoll; Mondaine; Obaku; Komono; MVMT; Cluse; Olivia Burton; Ice-Watch; Paul Hewitt;
    David Yurman; Alex and Ani; Kendra Scott; Monica Vinader; Pulsar Watches; Grand Seiko; Credor; Edox;
    Alpina Watches; Ball Watch; Sinn Watches; Laco Watches; Tutima; Mühle Glashütte; Union Glashütte;
    Steinhart; Squale; Doxa; Christopher Ward; Bremont; Farer; Lilienthal Berlin; Nordgreen; Jacques Lemans;
    Boss Watches; Nixon Watches; Vostok; Raketa; Poljot; Slava; Seagull; Luminox; Victorinox Swiss Army;
    Traser; Marathon Watch; MWC; Hanhart; Fortis; Philip Watch; Breil; Morellato; Sif Jakobs; ~Pilgrim;
    Christ; Fope; Pomellato; Damiani; Buccellati; De Beers; Graff; Harry Winston; Mikimoto; Messika; Qeelin;
    Chow Tai Fook; Lao Feng Xiang; Tanishq; Malabar Gold; Kalyan Jewellers; Joyalukkas; Brosway;
    ~Nomination; Trollbeads; Chamilia; Ti Sento; Engelsrufer; Coeur de Lion; Viventy; Leonardo Jewels;
    Xenox; Amor Jewelry
  `,
  fashion: `
    Gucci; Prada; Louis Vuitton; Chanel; Hermès|Hermes; Dior|Christian Dior;
    Saint Laurent|Yves Saint Laurent|YSL; Balenciaga; Givenchy; Valentino; Versace; Fendi; Burberry;
    Bottega Veneta; ~Celine; Moncler; Dolce & Gabbana|Dolce&Gabbana; Giorgio Armani; Emporio Armani;
    Armani Exchange; Armani; Polo Ralph Lauren; Ralph Lauren; Tommy Hilfiger; Tommy Jeans; Calvin Klein;
    Calvin Klein Jeans; Hugo Boss; Lacoste; Michael Kors; Kate Spade; ~Coach; Marc Jacobs; Tory Burch;
    DKNY|Donna Karan; ~Diesel; Levi's|Levis|Levi Strauss; Wrangler; G-Star|G-Star Raw; Pepe Jeans; ~Guess;
    ~Mango; Zara; Massimo Dutti; Pull&Bear|Pull & Bear|Pull and Bear; Bershka; Stradivarius; Oysho; H&M;
    Arket; Uniqlo; ~Gap; Banana Republic; Old Navy; Abercrombie & Fitch; Hollister; American Eagle;
    Urban Outfitters; Anthropologie; Free People; J.Crew|J Crew; Brooks Brothers; Tommy Bahama; Esprit;
    s.Oliver|s Oliver; Tom Tailor; Marc O'Polo; Gerry Weber; Betty Barclay; Street One; Vero Moda;
    Jack & Jones|Jack and Jones; Selected Homme; Superdry; Ted Baker; Paul Smith; Ben Sherman; Fred Perry;
    Barbour; Hackett; Jack Wills; Boden; Reiss; AllSaints|All Saints; Karen Millen; Phase Eight;
    River Island; Topshop; Topman; Primark; Marks & Spencer|M&S; Desigual;
    Benetton|United Colors of Benetton; Sisley; Liu Jo; Patrizia Pepe; Pinko; Max Mara|MaxMara;
    Max & Co.|Max & Co; Furla; Tod's; Ferragamo|Salvatore Ferragamo; Moschino; Love Moschino;
    Roberto Cavalli; Just Cavalli; Missoni; Etro; Emilio Pucci|Pucci; Stone Island; C.P. Company; Dsquared2;
    Palm Angels; Kenzo; Lanvin; ~Chloé|Chloe; Isabel Marant; The Kooples; Acne Studios; Ganni;
    Samsøe & Samsøe|Samsoe Samsoe; Filippa K; Tiger of Sweden; J.Lindeberg|J Lindeberg; Wolford; Falke;
    Calzedonia; Intimissimi; Tezenis; ~Triumph; Chantelle; Victoria's Secret; Hunkemöller|Hunkemoller;
    Agent Provocateur; Sloggi; Schiesser; Bruno Banani; Petit Bateau; Jacadi; Okaïdi|Okaidi; Scotch & Soda;
    Napapijri; Woolrich; Canada Goose; Parajumpers; Peuterey; Belstaff; Carhartt; Dickies; Stüssy|Stussy;
    ~Champion; ~Kappa; Ellesse; Sergio Tacchini; Lonsdale; Everlast; Le Coq Sportif; Umbro; Diadora; Hummel;
    Kangol; Ray-Ban|RayBan; Oakley; Persol; Oliver Peoples; Maui Jim; ~Carrera;
    Dr. Martens|Dr Martens|Doc Martens; Timberland; UGG; Clarks; ~Ecco; Geox; Skechers; Birkenstock; Crocs;
    Hush Puppies; ~Camper; ~Kickers; ~Vans; ~Converse; Steve Madden; Sam Edelman; Stuart Weitzman;
    Jimmy Choo; Manolo Blahnik; Christian Louboutin|Louboutin; Tamaris; Rieker; Gabor; Mephisto; Paul Green;
    Josef Seibel; Red Wing; Sebago; Sperry; Cole Haan; Florsheim; Church's; Tricker's; Loake; Grenson;
    Samsonite; American Tourister; Rimowa; Tumi; Delsey; Eastpak; Herschel; Fjällräven|Fjallraven; ~Kipling;
    Longchamp; ~Mulberry; Radley; Lancel; Bally; Montblanc|Mont Blanc; Dunhill; Ermenegildo Zegna|Zegna;
    Canali; Brioni; Corneliani; Brunello Cucinelli; Loro Piana; Kiton; Seidensticker; ~Olymp; Van Laack;
    Bugatti Fashion; Pierre Cardin; Tom Ford; Alexander McQueen; Stella McCartney; Vivienne Westwood;
    Off-White c/o Virgil Abloh; Jil Sander; Maison Margiela; Comme des Garçons|Comme des Garcons;
    Issey Miyake; Yohji Yamamoto; Rick Owens; Thom Browne; Balmain; Miu Miu; Marni; Golden Goose;
    Philipp Plein; Karl Lagerfeld; Sonia Rykiel; Zadig & Voltaire|Zadig&Voltaire; Sézane|Sezane;
    Claudie Pierlot; Ba&sh; Comptoir des Cotonniers; Promod; Camaïeu|Camaieu; Cache Cache; Jules; Celio;
    Kiabi; Jennyfer; Naf Naf; Morgan de Toi; Etam; Undiz; Orsay; ~Reserved; Mohito; Sinsay; Cropp; Bonprix;
    Cecil Fashion; Opus Fashion; ~Someday; ~Comma; Mustang Jeans; Camel Active; Bugatti Men; Marc Cain;
    Riani; Luisa Cerano; Escada; Strenesse; Boss Orange; Joop!|Joop; Strellson; Baldessarini; Drykorn;
    Windsor; Digel; Brax; Mac Jeans; Cambio; Raphaela by Brax; Toni Fashion; Taifun; Samoon; Bianca;
    Alba Moda; Heine; Madeleine; Peter Hahn; Walbusch; Eterna Shirts; Lands' End|Lands End;
    L.L.Bean|LL Bean; Eddie Bauer; J.Jill; Talbots; Ann Taylor; ~Loft; ~Express; Chico's;
    White House Black Market; Lane Bryant; ~Torrid; Forever 21; Aeropostale; Pacsun; Zumiez; Fashion Nova;
    Shein; Boohoo; PrettyLittleThing; Missguided; Nasty Gal; ASOS Design; Monki; Weekday Jeans;
    & Other Stories|Other Stories; COS Stores; Bimba y Lola; Uterqüe; ~Lefties; Springfield; Cortefiel;
    Women'secret|Womensecret; Tendam; Adolfo Dominguez; Purificación García; Custo Barcelona;
    Pedro del Hierro; El Ganso; ~Scalpers; Silbon; Hackett London; Polo Club; Giordano; Bossini; Mothercare;
    Next Kids; Marks Kids; Gymboree; Carter's|Carters; OshKosh|OshKosh B'gosh; Children's Place;
    Janie and Jack; Mini Boden; Tuc Tuc; ~Mayoral; Boboli; Name It Kids; Sanetta
  `,
  sportswear: `
    Nike; Adidas; Puma; Reebok; New Balance; Asics; Under Armour; Fila; Mizuno; Saucony; Brooks Running;
    Hoka|Hoka One One; On Running|On Cloud; Salomon; Merrell; The North Face|North Face; Patagonia;
    ~Columbia; Arc'teryx|Arcteryx; Mammut; Jack Wolfskin; Vaude; Haglöfs|Haglofs; Helly Hansen; Bergans;
    Norrøna|Norrona; ~Marmot; Mountain Hardwear; Black Diamond; Petzl; ~Osprey; Deuter; Lowe Alpine;
    Berghaus; Montane; Craghoppers; ~Icebreaker; Smartwool; Odlo; Kari Traa; Devold; Dynafit; La Sportiva;
    Scarpa; Lowa; Meindl; Hanwag; Teva; Chaco; Quechua; Decathlon; Kalenji; Domyos; Btwin; Rossignol;
    ~Atomic; Völkl|Volkl; Burton; Giro; Uvex; ~Wilson; Babolat; Yonex; Slazenger; Spalding; Uhlsport;
    Reusch; Kempa; Erima; Joma; Kelme; Castore; Gymshark; Lululemon; Sweaty Betty; Fabletics; Alo Yoga;
    Manduka; Speedo; TYR; Zoggs; Venum; Rip Curl; Quiksilver; Billabong; O'Neill|O Neill; Volcom; Hurley;
    DC Shoes; ~Trek; Cannondale; ~Scott Sports; Merida; Bianchi; Pinarello; Colnago; Cervélo|Cervelo; Orbea;
    Haibike; Brompton; Shimano; SRAM; Campagnolo; Schwalbe; Thule; Yakima; Coleman; Vango; Outwell; Robens;
    MSR; Jetboil; ~Primus; Trangia; Nalgene; CamelBak; Hydro Flask; ~Yeti; Contigo; Klean Kanteen; Sigg;
    Benchmade; Spyderco; Kershaw; Peloton; Technogym; NordicTrack; Concept2; Kettler; Life Fitness; Precor;
    Schwinn; ~Huffy; Oxelo; Segway; Ninebot; Callaway; TaylorMade; Titleist; Srixon; FootJoy; Ping Golf;
    Cobra Golf; Cleveland Golf; Bauer Hockey; CCM; Warrior Sports; Easton; Rawlings; Louisville Slugger;
    Franklin Sports; Mikasa Sports; Molten Sports; Select Sport; Derbystar; Head Sports; Tecnifibre;
    Prince Tennis; Salming; Unihoc; Gray-Nicolls; ~Kookaburra; Gunn & Moore; Jordan|Air Jordan; Karhu;
    Brooks England; Rapha; Castelli; Assos; Santini; Sportful; Gore Wear; Endura; dhb; Pearl Izumi;
    Fox Racing; Troy Lee Designs; Leatt; POC Sports; Bell Helmets; Kask; MET Helmets; Abus; Kryptonite;
    Lezyne; Topeak; Park Tool; Muc-Off; Finish Line; ~Hammerhead; Cateye; Knog; ~Lupine; Exposure Lights;
    Specialized Bikes; Giant Bicycles; Cube Bikes; Canyon Bikes; Ghost Bikes; Focus Bikes; Kona;
    Santa Cruz Bicycles; Yeti Cycles; Marin Bikes; GT Bicycles; ~Mongoose; Diamondback; Raleigh; Boardman;
    Ribble; Van Nicholas; Riese & Müller|Riese und Müller; ~Gazelle; Batavus; Sparta; Cortina; Kalkhoff;
    Stevens Bikes; Rose Bikes; ~Radon; ~Bulls; Corratec; Lapierre; Look Cycle; Time Sport; BMC; ~Wilier;
    De Rosa; Argon 18; ~Felt; Ridley; ~Factor; Vanmoof|VanMoof; Cowboy Bikes; Rad Power Bikes; ~Tern; Dahon;
    Birdy; Strida; Woom; Frog Bikes; Islabikes; Puky; Kokua; Early Rider; Strider; Micro Mobility; Globber;
    Hudora; JD Bug; Razor Scooters; Kugoo; Inokim; Dualtron; Unagi; Apollo Scooters; Pure Electric; ~Egret;
    Mercane; Pro-Tec; Triple Eight; Powerslide; Rollerblade; K2 Skates; Roces; Seba; Bauer Skates; Graf;
    Jackson Ultima; Riedell; Moxi; Impala Skate; Santa Cruz Skateboards; Element Skateboards;
    Globe Skateboards; Independent Trucks; Spitfire Wheels; Bones Wheels; Thunder Trucks; Baker Skateboards;
    Girl Skateboards; Plan B; Powell Peralta; ~Arbor; Landyachtz; Loaded Boards; Sector 9;
    Penny Skateboards; Jobe; O'Brien; Hyperlite; Liquid Force; Ronix; Naish; North Kiteboarding; Duotone;
    Cabrinha; F-One; ~Slingshot; ~Ozone; Red Paddle Co; ~Starboard; ~Fanatic; JP Australia; Aqua Marina;
    Bluefin SUP; Itiwit; Tribord; Subea; Cressi; ~Mares; Scubapro; Aqualung|Aqua Lung; Shearwater; Seac;
    Beuchat; Omer; Salvimar; Arena Swim; Maru; Funkita; Funky Trunks; Huub; Orca; Zone3; 2XU; Compressport;
    CEP; ~Skins; Injinji; ~Stance; Bombas; Darn Tough; Bridgedale
  `,
  beauty: `
    L'Oréal Paris|L'Oreal Paris; L'Oréal|L'Oreal|Loreal; Maybelline; Lancôme|Lancome;
    Estée Lauder|Estee Lauder; Clinique; MAC Cosmetics; Bobbi Brown; NARS; Urban Decay; Too Faced;
    Fenty Beauty; Huda Beauty; Charlotte Tilbury; Anastasia Beverly Hills; Rimmel; Max Factor; Revlon;
    CoverGirl; NYX; Catrice; Bourjois; Sephora Collection; Kiko Milano|Kiko; Nivea; ~Dove; Olay; Garnier;
    Neutrogena; Cetaphil; CeraVe; La Roche-Posay; Vichy; Avène|Avene; Bioderma; Eucerin; Aveeno; Clarins;
    Shiseido; SK-II; Kiehl's|Kiehls; ~Origins; Dermalogica; Elemis; Caudalie; Nuxe; Sisley Paris; Guerlain;
    Biotherm; Kérastase|Kerastase; Redken; Wella; Schwarzkopf; Syoss; Pantene; Head & Shoulders;
    Herbal Essences; TRESemmé|Tresemme; ~Aussie; Moroccanoil; Olaplex; Paul Mitchell; Toni & Guy|Toni&Guy;
    John Frieda; Batiste; Gillette; Wilkinson Sword; Schick; Colgate; Sensodyne; Elmex; Listerine;
    Aquafresh; ~Crest; Parodontax; Blend-a-med; Rexona; ~Axe; ~Lynx; Old Spice; Vaseline; Palmolive; Sanex;
    Dettol; Carex; Radox; Imperial Leather; ~Lush; The Body Shop|Body Shop; Rituals;
    L'Occitane|L'Occitane en Provence; Yves Rocher; Weleda; Dr. Hauschka|Dr Hauschka; Lavera; Balea;
    Sebamed; Labello; Carmex; Burt's Bees|Burts Bees; ChapStick; Bioré|Biore; Lakmé|Lakme; Pond's|Ponds;
    Veet; ~Always; Tampax; Kotex; Bodyform; Libresse; Durex; Davidoff; Jean Paul Gaultier;
    Paco Rabanne|Rabanne; Carolina Herrera; Mugler|Thierry Mugler; Viktor & Rolf; Narciso Rodriguez; Azzaro;
    Jo Malone|Jo Malone London; ~Creed; Byredo; Le Labo; Diptyque; Penhaligon's; Acqua di Parma; Nina Ricci;
    Cacharel; Elizabeth Arden; Kanebo; Shu Uemura; Sulwhasoo; Laneige; Innisfree; Etude House|Etude; Missha;
    COSRX; Banila Co; Dr. Jart+|Dr Jart; Some By Mi; Erborian; Decléor|Decleor; Darphin; Filorga;
    Embryolisse; Uriage; Ducray; Klorane; René Furterer|Rene Furterer; Foreo; Clarisonic; OPI; Essie;
    Sally Hansen; The Ordinary; Paula's Choice; Drunk Elephant; Tatcha; Glossier; Rare Beauty;
    Benefit Cosmetics; Smashbox; Tarte; IT Cosmetics; Laura Mercier; ~Hourglass; Pat McGrath Labs;
    Natasha Denona; Morphe; ColourPop; e.l.f. Cosmetics; Milani; Wet n Wild; Physicians Formula; L.A. Girl;
    Essence Cosmetics; Astor; Manhattan Cosmetics; Artdeco; Misslyn; Deborah Milano; ~Pupa; Collistar;
    Rilastil; Bionike; Somatoline; Lierac; Phyto Paris; Aveda; Bumble and bumble; Oribe; Living Proof;
    Davines; Kevin Murphy; Goldwell; Joico; Matrix Haircare; Sebastian; Nioxin; Alfaparf; Pureology;
    Briogeo; Ouai; Amika; Color Wow; Not Your Mother's; SheaMoisture; Cantu; Mielle; Elvive; Fructis;
    Gliss Kur|Gliss; Guhl; Alpecin; Plantur; Nizoral; Selsun; Clear Haircare; Sunsilk; Dove Men+Care;
    Nivea Men; Bulldog Skincare; Baxter of California; Jack Black Skincare; Lab Series; American Crew;
    Uppercut Deluxe; Reuzel; Layrite; Proraso; Taylor of Old Bond Street; Truefitt & Hill; Edwin Jagger;
    Merkur; Mühle; ~Feather; Harry's; Dollar Shave Club; Philips Norelco|Norelco; Manscaped;
    Signal Toothpaste; Corsodyl; Meridol; Ajona; Marvis; Curaprox; TePe; Hismile; Rapid White;
    Regaine|Rogaine; Palmer's; Bio-Oil; E45; Simple Skincare; Cien; Isana; Alverde; Sante Naturkosmetik;
    Logona; Annemarie Börlind; Dr. Scheller; Fa Shower; Duschdas; CD Deo; 8x4; Playboy Fragrances; Jovan;
    Bath & Body Works; Sol de Janeiro; Kayali; Maison Francis Kurkdjian; Parfums de Marly; Xerjoff; ~Initio;
    Amouage; Montale; Mancera; Lattafa; Armaf; Rasasi; Ajmal; Arabian Oud; Juliette Has a Gun;
    Ellis Brooklyn; Mercadona Deliplus; Djerba; Lancaster
  `,
  toys: `
    LEGO|Lego; Playmobil; Mattel; Hasbro; Fisher-Price; Barbie; Hot Wheels; Matchbox; Nerf; Play-Doh;
    Ravensburger; Schleich; Bruder; Siku; Märklin|Marklin; Hornby; Revell; Airfix; Tamiya; Bandai;
    Tomy|Takara Tomy; Sylvanian Families|Calico Critters; VTech; LeapFrog; Melissa & Doug; Hape; Janod;
    Djeco; ~Brio; Smoby; Little Tikes; Step2; Spin Master; Funko; Meccano; K'Nex|Knex;
    Mega Bloks|Mega Construx; Duplo; Polly Pocket; L.O.L. Surprise|LOL Surprise; Bratz; Zapf Creation;
    Baby Born; American Girl; Jazwares; Jakks Pacific; Moose Toys; Tonies|Toniebox; Tiptoi; ~Kosmos;
    Clementoni; Educa; Trefl; Castorland; Schmidt Spiele; Asmodee; Games Workshop; Wizards of the Coast;
    Pokémon|Pokemon; Sanrio; Hello Kitty; Disney; ~Marvel; Crayola; Steiff; Jellycat; Ty Beanie Boos|Ty;
    Sigikid; Nici; Haba Toys; Goki; Plan Toys|PlanToys; Grimm's; Tegu; Magformers; Geomag; Tiny Love;
    Lamaze; Sophie la Girafe; Battat; B. Toys; Learning Resources; ThinkFun; Smart Games; Gigamic;
    Blue Orange; Haba Games; Pegasus Spiele; Hans im Glück; Days of Wonder; Catan; Z-Man Games;
    Fantasy Flight Games; Stonemaier Games; Rio Grande Games; CMON; Repos Production; Iello; Libellud;
    Cocktail Games; Amigo Spiele; Noris Spiele; Jumbo Games; Goliath Games; Winning Moves; Cardinal Games;
    University Games; Heye; Springbok Puzzles; Buffalo Games; Wentworth Puzzles; Gibsons Puzzles;
    Jigsaw Puzzles Eurographics|Eurographics; Pintoo; Tenyo; Beverly Puzzle; Yanoman; ~Epoch; Cobi; Sluban;
    Mould King; Cada; BlueBrixx; Kre-O; Magna-Tiles; Picasso Tiles; Cra-Z-Art; Kinetic Sand; Hatchimals;
    Paw Patrol Toys; Bakugan; Beyblade; Tamagotchi; Furby; ~Transformers; My Little Pony; Monster High;
    Enchantimals; Rainbow High; Na! Na! Na! Surprise; Cry Babies|Crybabies; IMC Toys; Famosa; Nenuco;
    Nancy Dolls; Berjuan; Arias Dolls; Antonio Juan; Corolle; Götz; Käthe Kruse; Paola Reina;
    Our Generation Dolls; Melissa and Doug Toys; KidKraft; Tender Leaf Toys; Le Toy Van; Bigjigs;
    Orange Tree Toys; Vilac; Moulin Roty; Maileg; Bonton; Peppa Pig Toys; Bluey Toys; Cocomelon Toys;
    Bright Starts; Baby Einstein; Scalextric; Ninco; SCX; Autoart; Maisto; Bburago; Welly; ~Majorette;
    Solido; Norev; Minichamps; Kyosho; Traxxas; Arrma; ~Axial; HPI Racing; Team Associated; Carson; Reely;
    Hubsan; Syma; Ryze Tello; Wltoys; Corgi; Oxford Diecast; Lionel; Bachmann; Piko; Roco; Fleischmann;
    Lima; Rivarossi; Kato; Tomix; Faller; Noch; Busch; Preiser; Vollmer; Kibri; Heljan; Minitrix;
    Arnold Trains; Italeri; ~Trumpeter; Hasegawa; Academy Models; Zvezda; Heller; Eduard; Meng Model;
    Dragon Models; Gundam; Kotobukiya; Good Smile Company; Max Factory; Hot Toys; ~Sideshow; McFarlane Toys;
    NECA; Mezco; Super7; Playmates Toys; Kenner; Tamashii Nations; Medicom; Be@rbrick|Bearbrick; Pop Mart;
    Sonny Angel; Smiski; Squishmallows; Warmies; Bunnies by the Bay; Gund; Aurora World; Wild Republic;
    Hansa Creation; Folkmanis; Kallisto; Nattou; Kaloo; Doudou et Compagnie; Trudi; Bukowski;
    Teddykompaniet; Liewood; Done by Deer
  `,
  games: `
    Nintendo; PlayStation; Xbox; Sega; Ubisoft; Electronic Arts; EA Sports; Activision; ~Blizzard; Bethesda;
    Capcom; Square Enix; Konami; Bandai Namco; Take-Two|Take-Two Interactive; Rockstar Games;
    2K Games|2K Sports; Warner Bros. Games|Warner Bros Games; THQ Nordic; Koch Media; Deep Silver;
    Focus Home Interactive|Focus Entertainment; CD Projekt|CD Projekt Red; Epic Games; Riot Games; ~Atari;
    Koei Tecmo|Tecmo Koei; Level-5; Atlus; SNK; Paradox Interactive; Devolver Digital; Team17; Codemasters;
    Nacon; Thrustmaster; PowerA; 8BitDo; Oculus; ~Valve; Sony Interactive Entertainment; Steam Deck; Hori;
    Astro Gaming; Scuf Gaming|SCUF; Hyperkin; Retro-Bit; ~Analogue; Evercade; Anbernic; Playdate;
    Meta Quest; Pico XR; Bigben Interactive|Bigben; Microids; Kalypso Media; Headup Games; Astragon;
    Daedalic Entertainment; Nordic Games; Plaion; Embracer; Sumo Digital; Frontier Developments; ~Rebellion;
    Creative Assembly; Sports Interactive; Bungie; Blizzard Entertainment; Naughty Dog; Insomniac Games;
    Santa Monica Studio; Guerrilla Games; FromSoftware; PlatinumGames; Arc System Works; Idea Factory;
    NIS America|Nippon Ichi; ~Marvelous; Spike Chunsoft; Aksys Games; Limited Run Games;
    Strictly Limited Games; Super Rare Games; ~Mastiff; Maximum Games; Outright Games; Just Dance;
    Mojang|Minecraft; Roblox; Wargaming; ~Gearbox; 505 Games; Annapurna Interactive; Raw Fury; Humble Games;
    Curve Games; Team Ninja; Sucker Punch; Remedy Entertainment; Quantic Dream; Dontnod; Don't Nod;
    ~Spiders; ~Cyanide; Kylotonn|KT Racing; ~Milestone; Slightly Mad Studios; Criterion Games; ~DICE;
    BioWare; Respawn Entertainment; Treyarch; Sledgehammer Games; Raven Software; High Moon Studios;
    Toys for Bob; Vicarious Visions; Beenox; Massive Entertainment; Red Storm
  `,
  food: `
    Coca-Cola|Coca Cola; Pepsi; Fanta; ~Sprite; 7UP|7 Up; Dr Pepper|Dr. Pepper; Schweppes; Red Bull;
    Monster Energy; Lipton; Twinings; Tetley; PG Tips; Yorkshire Tea; Nescafé|Nescafe; Lavazza; Illy;
    Segafredo; Kimbo; ~Jacobs; Tchibo; Dallmayr; Starbucks; Costa Coffee; Douwe Egberts; Kenco; Folgers;
    Maxwell House; Dunkin'|Dunkin; Nestlé|Nestle; Danone; Activia; Alpro; Oatly; ~Müller|Muller; Arla;
    Kerrygold; Lurpak; ~Philadelphia; Babybel; The Laughing Cow|La Vache qui rit; Galbani; Parmalat;
    Yoplait; Chobani; Fage; Emmi; Ehrmann; Zott; Weihenstephan; Kellogg's|Kelloggs|Kellogg; Quaker;
    Weetabix; Cheerios; General Mills; Nature Valley; ~Alpen; Dr. Oetker|Dr Oetker; Knorr; Maggi; Heinz;
    Hellmann's|Hellmanns; Kraft; Campbell's|Campbells; Barilla; De Cecco; Buitoni; Rummo; Garofalo; Mutti;
    Cirio; Bertolli; Filippo Berio; Carapelli; Colavita; Ben's Original|Uncle Ben's; Old El Paso; Doritos;
    Lay's|Lays; Pringles; ~Walkers; Cheetos; ~Ruffles; Tyrrells; Funny-frisch; Haribo; Trolli; Katjes;
    Skittles; M&M's|M&Ms; ~Mars; Snickers; Twix; ~Bounty; Maltesers; KitKat|Kit Kat; Smarties; Toblerone;
    Milka; Lindt; Ferrero; Ferrero Rocher; Nutella; ~Kinder; Raffaello; Ritter Sport; Cadbury;
    Hershey's|Hersheys; Reese's|Reeses; Godiva; Guylian; Côte d'Or|Cote d'Or; Leonidas; Neuhaus; Valrhona;
    Green & Black's; Thorntons; Ghirardelli; Werther's Original|Werther's; Toffifee; ~Merci; Mentos;
    Tic Tac; Chupa Chups; Wrigley's|Wrigley; Hubba Bubba; Oreo; Lotus Biscoff|Biscoff; Bahlsen; Leibniz;
    McVitie's|McVities; Belvita; Pepperidge Farm; Nabisco; ~Ritz; Ben & Jerry's|Ben and Jerry's;
    Häagen-Dazs|Haagen-Dazs|Haagen Dazs; ~Magnum; Cornetto; Carte d'Or; Langnese; Algida; Dreyer's;
    Baskin-Robbins; McCain; Birds Eye; Findus; Iglo; San Pellegrino|S.Pellegrino|Sanpellegrino; Perrier;
    Evian; Volvic; Vittel; Fiji Water; Gerolsteiner; Acqua Panna; Badoit; Tropicana; ~Innocent;
    Capri-Sun|Capri Sonne; Minute Maid; Gatorade; Powerade; Lucozade; Ribena; Orangina; ~Arizona; Snapple;
    Heineken; Carlsberg; Budweiser; Stella Artois; ~Corona; Beck's|Becks; Guinness; Amstel; Peroni;
    Birra Moretti|Moretti; Hoegaarden; Leffe; Duvel; Chimay; Grimbergen; Kronenbourg; Paulaner; Erdinger;
    Warsteiner; Krombacher; Bitburger; Franziskaner; Löwenbräu|Lowenbrau; Spaten; Weihenstephaner;
    Pilsner Urquell; Staropramen; Kozel; Tyskie; Żywiec|Zywiec; Asahi; Kirin; Sapporo Beer; Tsingtao;
    Singha; Modelo; Coors; Samuel Adams; BrewDog; Jack Daniel's|Jack Daniels; Jim Beam; Johnnie Walker;
    Jameson; Glenfiddich; The Glenlivet|Glenlivet; The Macallan|Macallan; Chivas Regal|Chivas;
    Ballantine's|Ballantines; Famous Grouse; Talisker; Laphroaig; Lagavulin; Ardbeg; Bowmore; Highland Park;
    Jägermeister|Jagermeister; Bacardi; Captain Morgan; Havana Club; ~Malibu; Smirnoff; ~Absolut;
    Grey Goose; ~Belvedere; Ketel One; Stolichnaya; Russian Standard; Gordon's|Gordons; Tanqueray;
    Bombay Sapphire; Hendrick's|Hendricks; Beefeater; Monkey 47; Aperol; Campari; ~Martini; Baileys;
    Kahlúa|Kahlua; Cointreau; Grand Marnier; Disaronno; Hennessy; Rémy Martin|Remy Martin; Martell;
    Courvoisier; Moët & Chandon|Moet & Chandon|Moët|Moet; Veuve Clicquot; Dom Pérignon|Dom Perignon;
    Taittinger; Laurent-Perrier; Bollinger; Ruinart; ~Krug; Freixenet; Codorníu|Codorniu; Mumm|G.H. Mumm;
    Piper-Heidsieck; Nicolas Feuillatte; Pommery; Lanson; Henkell; Rotkäppchen|Rotkappchen; Yellow Tail;
    Jacob's Creek|Jacobs Creek; Penfolds; ~Torres; Marqués de Riscal|Marques de Riscal; Campo Viejo;
    Robert Mondavi; Casillero del Diablo; Concha y Toro; Sandeman; ~Patrón|Patron; José Cuervo|Jose Cuervo;
    Don Julio; Olmeca; Herradura; Domino's|Domino's Pizza; Pizza Hut; McDonald's; Burger King; KFC;
    Subway Restaurants; Ovomaltine|Ovaltine; Milo; Nesquik; Horlicks; Bournvita; Complan; Benecol; ~Flora;
    Becel; Rama; Président|President Cheese; Bonne Maman; Andros; St Dalfour; ~Hero; Schwartau; Zentis;
    Smucker's|Smuckers; Jif; Skippy; Peter Pan; Marmite; Vegemite; Bovril; Oxo Cubes; Bisto; Colman's;
    Maille; Amora; Lea & Perrins; Tabasco; Sriracha Huy Fong|Huy Fong; Kikkoman; Lee Kum Kee; Blue Dragon;
    Patak's|Pataks; Sharwood's; Uncle Tobys; Arnott's; Tim Tam; Galaxy Chocolate; Aero Chocolate; ~Twirl;
    Crunchie; Wispa; Yorkie; Lion Bar; Daim; ~Marabou; Fazer; Freia; Kvikk Lunsj; Cloetta; Malaco; Storck;
    Nimm2; Knoppers; Hanuta; Yogurette; Mon Chéri; Pocket Coffee; Balocco; Mulino Bianco; Loacker; Perugina;
    Baci Perugina; Novi; Venchi; Caffarel; Pan di Stelle; Saiwa; Gran Cereale; Ricola; ~Halls;
    Fisherman's Friend; ~Airwaves; Stimorol; Extra Gum; Orbit Gum; 5 Gum; Trident Gum; Freedent;
    Jelly Belly; Swizzels; Maynards Bassetts; Rowntree's; Fruittella; Starburst; Sour Patch Kids; ~Nerds;
    Jolly Rancher; Twizzlers; ~Airheads; Laffy Taffy
  `,
  baby: `
    Pampers; Huggies; Libero; Nutrilon; Aptamil; HiPP|Hipp; Similac; Enfamil; Gerber; Bebivita; Milupa;
    Holle; Ella's Kitchen; Avent; Tommee Tippee; NUK; Dr. Brown's|Dr Brown's; Medela; Lansinoh; Chicco;
    Cybex; Maxi-Cosi|Maxi Cosi; Britax Römer|Britax Romer|Britax; Graco; Bugaboo; Stokke; Joolz;
    Silver Cross; iCandy; Babyzen; Mamas & Papas; BabyBjörn|BabyBjorn|Baby Bjorn; Ergobaby; Bumbo; Skip Hop;
    ~Munchkin; Safety 1st; Nuby; Béaba|Beaba; Babymoov; Angelcare; Summer Infant; Infantino; Sudocrem;
    Johnson's Baby; Mustela; Bübchen|Bubchen; Penaten; WaterWipes; Hevea; Vital Baby; Kinderkraft; Hauck;
    Peg Perego; Inglesina; Brevi; Nania; ~Concord; Osann; ABC Design; Teutonia; Hartan; Gesslein;
    Emmaljunga; Bébé Confort|Bebe Confort; ~Nuna; UPPAbaby; Baby Jogger; Phil & Teds; Mountain Buggy;
    Joie Baby; BeSafe; Axkid; Klippan; Römer Kids; ~Kiddy; Jané Baby; Bébécar|Bebecar; Casualplay; Be Cool;
    Nurse Baby; Baby Annabell; Kendamil; Cow & Gate; SMA Nutrition|SMA; Blédina|Bledina; Gallia; Guigoz;
    Modilac; Novalac; Nutriben; Blemil; Almirón|Almiron; Mellin; Plasmon; Humana; Alete; Babylove; Moltex;
    Lillydoo; Eco by Naty|Naty; Bambo Nature; The Honest Company; Hello Bello; Luvs; Mamia; Kit & Kin;
    Lupilu; Dodot; Coccolino Baby; Fixies; Merries; Moony; Goo.N|GooN; MamyPoko; Bobo; Drypers; Mamaearth;
    Himalaya Baby; Ardo; Spectra Baby; Elvie; Willow Pump; Haakaa; Comotomo; MAM Baby; Difrax; Suavinex;
    Lovi; Canpol Babies; ~Bibs; Natursutten; ~Nip; Snuggle Me; Halo Sleep; Love to Dream; Ergobag;
    ~Sleepyhead; DockATot; Purflo; Babyletto; Leander; Sebra; Flexa; Oeuf; Kalon Studios; Childhome; Quax;
    Paidi; Pinolino; Roba; Geuther; Herlag; Schardt; Vertbaudet; Noukie's; Obaibi; Du Pareil au Même|DPAM;
    Sergent Major; Absorba; Tartine et Chocolat
  `,
  home: `
    IKEA; Tupperware; Pyrex; Le Creuset; Staub; Zwilling|Zwilling J.A. Henckels|Henckels; Wüsthof|Wusthof;
    Fissler; Silit; Rösle|Rosle; Emile Henry; ~Lodge; All-Clad; Calphalon; Circulon; Anolon; Scanpan;
    Berndes; Ballarini; Lagostina; Bialetti; Alessi; Joseph Joseph; ~OXO; Brabantia; Simplehuman; Curver;
    Rubbermaid; Lock & Lock|Lock&Lock; Emsa; Leifheit; Vileda; Wenko; Kilner; Mason Cash; Denby;
    Portmeirion; Wedgwood; Royal Doulton; Royal Albert; Rosenthal; Hutschenreuther; Kahla; Seltmann Weiden;
    Arzberg; Iittala; Rörstrand|Rorstrand; Royal Copenhagen; Bodum; Luminarc; Arcoroc; Duralex;
    Bormioli Rocco; Riedel; Schott Zwiesel; Spiegelau; Nachtmann; Kartell; Vitra; Herman Miller; ~Knoll;
    Steelcase; Muuto; Normann Copenhagen; Ferm Living; Bloomingville; Georg Jensen; Stelton; Eva Solo;
    Louis Poulsen; Artemide; ~Flos; Foscarini; Tom Dixon; Anglepoise; Paulmann; Eglo; Lucide; Nordlux;
    ~Habitat; Laura Ashley; Cath Kidston; Dunelm; Emma Bridgewater; Orla Kiely; Marimekko; Tempur; ~Casper;
    ~Simmons; Sealy; Serta; Silentnight; Dunlopillo; ~Hästens|Hastens; Tempur-Pedic; Leesa; Tuft & Needle;
    Sleep Number; ~Hypnos; Vispring; Slumberland; Ashley Furniture; La-Z-Boy; Ethan Allen; Pottery Barn;
    West Elm; Crate & Barrel|Crate and Barrel; Williams-Sonoma|Williams Sonoma; Ligne Roset; Roche Bobois;
    B&B Italia; Cassina; Poltrona Frau; Natuzzi; Calligaris; Flexform; Minotti; BoConcept; Hülsta|Hulsta;
    Rolf Benz; Koinor; Himolla; Stressless; Ekornes; Musterring; Nolte; Bretz; Kare Design; ~Umbra;
    Yankee Candle; WoodWick|Woodwick; Bolsius; ~Glade; Air Wick|Airwick; Febreze; Ambi Pur; Domestos; Cif;
    ~Vanish; ~Finish; ~Fairy; Persil; ~Ariel; ~Tide; Lenor; ~Comfort; ~Downy; ~Surf; Omo; ~Dash; Calgon;
    Frosch; Meister Proper|Mr. Proper|Mr Proper; Mr Muscle|Mr. Muscle; Lysol; Clorox; Harpic; Bref; ~Ajax;
    Sidolin; Pril; Somat; Cillit Bang; Swiffer; Scotch-Brite; Spontex; Kleenex; ~Tempo; Zewa; Cottonelle;
    Charmin; Andrex; Renova; Menu Design; String Furniture; Montana Furniture; Fritz Hansen;
    Carl Hansen & Søn; ~&Tradition|And Tradition; Gubi; Fermob; Kettal; Dedon; Tribù|Tribu; Royal Botania;
    Gloster; Cane-line; Skagerak; Jardinico; Garden Impressions; Hartman; ~Hay; Ercol; G Plan; Parker Knoll;
    Duresta; Wesley-Barrell; ~Loaf; Made.com; ~Swoon; Heal's; Conran; The White Company; Sophie Conran;
    Typhoon Homewares; KitchenCraft; Judge Cookware; ~Stellar; Tower Cookware; Swiss Diamond; Woll;
    Skeppshult; Gense; Robert Welch; Sabatier; Victorinox Kitchen; Global Knives; ~Shun; Miyabi; Kai;
    Tojiro; Mac Knives; Opinel Cuisine; Laguiole; Thiers Issard; Dick Knives; Giesser; Kuhn Rikon;
    Microplane; Zyliss; Westmark; Tescoma; Lékué|Lekue; Ibili; Pujadas; Monix; Bra Cookware; Castey; Valira;
    Vitrinor; Magefesa; Aeternum; Pentole Agnelli; Moneta; Tognana; Guzzini; Mepal; Sistema; Thermos;
    Chilly's|Chillys; S'well|Swell; 24Bottles; Black+Blum; KeepCup; ~Ember; ~Fellow; Aeropress|AeroPress;
    Kalita; Timemore; Comandante; 1Zpresso; Wilfa; Moccamaster; Dualit; Enders; Landmann; Tepro;
    Char-Griller; Pit Boss; Camp Chef; Green Mountain Grills; Kamado Joe; ~Monolith; Primo Grills;
    Broil King; Ooni; Gozney; Roccbox; Solo Stove; Biolite|BioLite; Cobb Grill; Lotusgrill; Feuerhand
  `,
  auto: `
    Toyota; Volkswagen|VW; BMW; Mercedes-Benz|Mercedes; Audi; Porsche; Ford; Opel; Vauxhall; Renault;
    Peugeot; Citroën|Citroen; Fiat; Alfa Romeo; Lancia; Ferrari; Lamborghini; Maserati; ~Seat; Cupra;
    Škoda|Skoda; Volvo; Saab; Nissan; Honda; Mazda; Subaru; Mitsubishi; Suzuki; Lexus; Infiniti; Acura;
    Hyundai; Kia; Chevrolet; Cadillac; Buick; GMC; Chrysler; ~Dodge; Jeep; ~Tesla; Land Rover; Range Rover;
    ~Jaguar; ~Mini; Rolls-Royce; Bentley; Aston Martin; McLaren; Dacia; Lada; Geely; BYD; MG Motor;
    Polestar; Rivian; Harley-Davidson|Harley Davidson; Ducati; Kawasaki; KTM; Aprilia; Vespa; Piaggio;
    MV Agusta; Royal Enfield; Moto Guzzi; Michelin; Bridgestone; ~Continental; Pirelli; Goodyear; Dunlop;
    Hankook; Nokian; ~Yokohama; Falken; Kumho; Vredestein; Firestone; BFGoodrich; Uniroyal; Semperit; Barum;
    Kleber; Nexen; Valeo; Brembo; Castrol; ~Mobil; ~Shell; Liqui Moly; Motul; Valvoline;
    Mann-Filter|Mann Filter; Mahle; Febi Bilstein|Febi; Bilstein; Lemförder|Lemforder; Hella; Recaro;
    Sparco; Turtle Wax; Meguiar's|Meguiars; Sonax; Autoglym; Chemical Guys; Armor All; Nextbase; ~Alpine;
    ~Clarion; Schuberth; Shoei; Arai; AGV; HJC; Dainese; Alpinestars; Rev'It|REV'IT!; Nolan Helmets; Caberg;
    LS2; Scorpion Exo; Bell Powersports; Icon Motorsports; Held Gloves; Spidi; Richa; Furygan; Ixon; Macna;
    Büse; Modeka; Vanucci; Bering Motorcycle; Segura; Rukka; Klim; Sena; Cardo; Interphone; Givi; SW-Motech;
    Hepco & Becker; Touratech; Oxford Products; Kriega; ~Shad; Puig; Rizoma; Akrapovič|Akrapovic; Yoshimura;
    Termignoni; Arrow Exhaust; Remus; Leovince|LeoVince; SC-Project; Öhlins|Ohlins; Showa; Wilbers; YSS;
    K&N|K & N; Denso; NGK; Beru; ~Brisk; Delphi; Magneti Marelli; Becker; Hertz Audio; Audison;
    Rockford Fosgate; ~Kicker; JL Audio; ~Helix; Ground Zero; ~Crunch; Eton Car Audio; Emphaser;
    Match Audio; Atera; Uebler; Westfalia; ~Brink; Witter; Bosal; Cruz; Whale Tail; Rain-X; Ring Automotive;
    Noco; CTEK; Optima Batteries; Exide; ~Banner; Yuasa; Odyssey Batteries; Toyo Tires; Cooper Tires;
    General Tire; Maxxis; Kenda; Mitas; Heidenau; Metzeler; Avon Tyres
  `,
  pets: `
    Royal Canin; Purina; ~Pedigree; Whiskas; ~Felix; ~Sheba; Hill's|Hills Science Diet|Hill's Science Plan;
    Iams|IAMS; Eukanuba; Acana; Orijen; Josera; Animonda; Applaws; Lily's Kitchen; ~Frontline; Seresto;
    ~Trixie; Ferplast; PetSafe; ~Tetra; Fluval; Catit; FURminator|Furminator; Kurgo; Ruffwear;
    Chuckit!|Chuckit; Nylabone; Greenies; Dentastix; Arden Grange; James Wellbeloved; Blue Buffalo;
    Taste of the Wild; Nutro; ~Cesar; Vitakraft; Beaphar; Advantix; ~Advocate; Bravecto; NexGard; Simparica;
    Drontal; Milbemax; Scalibor; Zylkene; Adaptil; Feliway; Kong Company; Flexi Leashes;
    Julius-K9|Julius K9; Hunter Pet; Karlie Flamingo; Rogz; Hurtta; Non-stop Dogwear; Canada Pooch; Zolux;
    Savic; Stefanplast; MPS Pet; Imac Pet; Georplast; Moderna; Catsan; Cat's Best; Ever Clean; Tidy Cats;
    Arm & Hammer; Sanicat; Biokat's; Perfect Fit; Gourmet Cat|Purina Gourmet; Friskies; Kitekat;
    Almo Nature; Schesir; Smilla; Miamor; Rinti; Happy Dog; Happy Cat; Wolfsblut; Platinum Pet; Terra Canis;
    Rocco; Belcando; Wildborn; Markus-Mühle; Meradog; Wolf of Wilderness; Lukullus; Feringa; Purizon;
    Natural Greatness; Edgard & Cooper|Edgard Cooper; Tails.com; Butternut Box; Forthglade;
    Natures Menu|Nature's Menu; Harringtons Pet; Wagg Pet; Bakers Dog; Pooch & Mutt; Burns Pet Nutrition;
    Canagan; Symply; Barking Heads; Meowing Heads; Wainwright's; Skinner's; Autarky;
    Advance Affinity|Affinity Advance; Brekkies; Ultima; Vital Balance; ~Dingo; Ownat; Naturea; Criadores;
    Fish4Dogs; Wellness Core; Merrick; ~Instinct; Stella & Chewy's; Ziwi Peak|ZiwiPeak; Open Farm; Canidae;
    Diamond Naturals; Fromm; Nulo; Natural Balance; Rachael Ray Nutrish; Beneful; Pro Plan; One Purina;
    ~Temptations; Dreamies; Catisfactions; GimCat; Gimborn; Sera Aquaristik|Sera; Tropica; Dennerle;
    ADA Aqua Design Amano; Oase; Eheim; Juwel; Aquael; Hydor; Hagen; Exo Terra; Zoo Med; Lucky Reptile;
    Versele-Laga; Kaytee; ~Oxbow; Burgess Excel|Excel; Supreme Petfoods|Science Selective; JR Farm;
    Bunny Nature
  `,
  office: `
    Faber-Castell; Staedtler; Stabilo; ~Pelikan; Lamy; ~Parker; Waterman; Sheaffer; Uni-ball|Uniball;
    Pentel; BIC; Sharpie; Paper Mate|Papermate; Tipp-Ex; Post-it; ~Scotch; Leitz; Herlitz; Moleskine;
    Leuchtturm1917; Rhodia; Clairefontaine; Avery; Fellowes; Rexel; Swingline; Esselte; Maped; Caran d'Ache;
    Derwent; Winsor & Newton; Daler-Rowney; Posca; Copic; Tombow; Edding; Schneider Pens; Pilot Pen;
    Zebra Pen; Kaweco; Cross Pens; Platinum Pen; Sailor Pen; TWSBI; Diamine; J. Herbin; Rotring; Koh-i-Noor;
    Prismacolor; Sakura; Molotow; Liquitex; Golden Artist Colors; Sennelier; Schmincke; Talens|Royal Talens;
    Amsterdam Acrylics; Rembrandt; Van Gogh Paints; Cretacolor; Lyra; Giotto; Carioca; Milan; Jovi;
    Oxford Stationery; Exacompta; Quo Vadis; Filofax; Kikki.K; Smythson; Paperblanks; Traveler's Company;
    Hobonichi; Midori; Kokuyo; Muji Stationery; Novus; ~Genie; HSM; Ideal Shredders; Kobra; Olympia; Ibico;
    GBC; ~Durable; Bene; Han; ~Exponent; Elba; Oxford Campus; Brunnen; Landré; Soennecken; Westcott; Kum
  `,
  health: `
    Bayer; Nurofen; Panadol; Tylenol; Advil; Voltaren; Strepsils; Vicks; Berocca; Centrum; Supradyn; Solgar;
    Nature's Bounty; Nature Made; Optimum Nutrition; Myprotein|MyProtein; Scitec Nutrition; Weider; BSN;
    MuscleTech; Dymatize; ~Olimp; BioTechUSA|BioTech USA; Herbalife; Abbott; Omron; Medisana; Microlife;
    Accu-Chek; OneTouch; Compeed; Elastoplast; Hansaplast; Band-Aid; Gaviscon; Rennie; Imodium; Otrivin;
    Nasivin; Sinupret; Doppelherz; Orthomol; Abtei; Tetesept; Kneipp; Tiger Balm; Vitabiotics; Seven Seas;
    Holland & Barrett; Nature's Way; Now Foods; Garden of Life; Jarrow Formulas; Doctor's Best;
    Life Extension; Thorne; Pure Encapsulations; Swisse; Blackmores; Bio-Strath; Redoxon; Cebion; Pharmaton;
    Multibionta; Eunova; Magnesium Verla; Biolectra; Das Gesunde Plus; Mivolis; Altapharma; Vitasprint;
    Dr. Theiss; Bepanthen; Fenistil; ~Aspirin; Ibuprofen AL|Aliud; Ratiopharm; Hexal; Stada; Zentiva;
    Sandoz; Mylan; Viatris; Perrigo; Johnson & Johnson|J&J; Pfizer; GSK|GlaxoSmithKline; Haleon; Sanofi;
    Novartis; Roche Diagnostics; Procter & Gamble|P&G; Reckitt|Reckitt Benckiser; Unilever; Henkel;
    Beiersdorf; Colgate-Palmolive; Kimberly-Clark; Essity; Kenvue; Sanitas; Tena; ~Depend; Seni; Hartmann;
    Molicare; ~Attends; Lille Healthcare; iD Expert; Abena; Trojan Condoms; Skyn; ~Mates; Ceylor; Billy Boy;
    Ritex; Lovehoney; ~Womanizer; We-Vibe; Satisfyer; Fun Factory
  `,
  music: `
    Fender; Gibson; Epiphone; Ibanez; PRS Guitars|Paul Reed Smith; Gretsch; Martin Guitar|C.F. Martin;
    Taylor Guitars; Squier; ESP Guitars; Jackson Guitars; Schecter; Ernie Ball Music Man; Rickenbacker;
    ~Vox; Orange Amplification; Boss Corporation; Line 6; Roland; Korg; Nord Keyboards; Moog; Arturia;
    Novation; Native Instruments; Kawai; Steinway & Sons|Steinway; Bösendorfer|Bosendorfer; Pearl Drums;
    Ludwig Drums; Tama Drums; DW Drums; Zildjian; Sabian; Meinl; Paiste; ~Remo; Vic Firth; Ernie Ball;
    D'Addario|DAddario; Elixir Strings; Behringer; Focusrite; PreSonus; Universal Audio; M-Audio; Alesis;
    Neumann; ~Rode|RØDE; Hohner; Harley Benton; Takamine; Höfner|Hofner; Sonor; Mapex; Numark; Reloop;
    Audient; Electro-Harmonix; MXR; TC Electronic; Strymon; ~Eventide; Cort Guitars; Washburn; Dean Guitars;
    Charvel; EVH; Kramer; Sterling by Music Man; Godin; Larrivée; Lowden; Furch; Cole Clark; Maton; ~Guild;
    ~Ovation; Breedlove; Simon & Patrick; Art & Lutherie; Eastman; Alhambra; Cordoba; Admira; Ramirez; Kala;
    Lanikai; Ortega; Stagg; Gewa; Thomann; Mesa/Boogie|Mesa Boogie; Peavey; Blackstar; Laney;
    Hughes & Kettner; Engl; Diezel; Bogner; Friedman; Kemper; Fractal Audio; Neural DSP; Positive Grid;
    Headrush; Hotone; Mooer; Nux; Joyo; Donner; Valeton; Ampeg; Gallien-Krueger; Markbass; Aguilar;
    Darkglass; Eden; Hartke; Warwick; Spector; Sadowsky; Lakland; Fodera; ~Sire; Hagstrom; Danelectro;
    Supro; Silvertone; Teisco; Hammond; Clavia; Kurzweil; Dexibell; Studiologic; Nektar; Ableton; Steinberg;
    ~Avid|Pro Tools; ~Apogee; RME; Antelope Audio; MOTU; Solid State Logic|SSL; Allen & Heath; Soundcraft;
    Midas; QSC; Electro-Voice; dB Technologies; RCF; Fohhn; d&b audiotechnik; L-Acoustics; Meyer Sound;
    Genelec; Adam Audio; KRK; IK Multimedia; Lewitt; Aston Microphones; sE Electronics; Warm Audio;
    Golden Age Project; Blue Microphones; Samson Technologies; Zoom Corporation; Pioneer DJ|AlphaTheta;
    Denon DJ; Rane; Rega Turntables; Pro-Ject; Thorens; ~Dual; Clearaudio; Ortofon; Nagaoka; Goldring;
    Grado Labs; Sumiko; Music Hall; U-Turn Audio; Crosley; Victrola
  `,
};
