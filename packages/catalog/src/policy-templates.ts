import type { PolicyTemplateDefinition } from './policy-template';

/** Keys 'PREFIX-01' … 'PREFIX-nn' (inclusive). */
function keyRange(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(2, '0')}`);
}

/**
 * The policies the generator can write, in the project's own words. Texts say "the organization";
 * the policy writer puts the tenant's organization name in its place. Each template lists the catalog
 * requirements its statements cover; every catalog requirement sits in at least one template.
 */
export const POLICY_TEMPLATES: readonly PolicyTemplateDefinition[] = [
  {
    name: 'Information Security Policy',
    description: 'Sets the direction, governance and accountability for information security across the organization.',
    purpose:
      'This policy states management’s commitment to protecting the confidentiality, integrity and availability of the information the organization holds and of the systems that process it. It establishes the security program, assigns accountability for it and sets the frame within which every topic-specific security policy is written, approved and maintained.',
    scope:
      'This policy applies to all business units, employees, contractors and temporary staff, and to third parties that use or manage the organization’s information or systems. It covers information in every form and every system, service and location, whether on premises, remote or in the cloud.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and the security program, approves topic-specific policies and reports on security objectives and risks to executive management.' },
      { role: 'Executive Management', responsibility: 'Approves this policy, sets the risk appetite and provides the budget and people the security program needs.' },
      { role: 'Information Security Team', responsibility: 'Maintains the supporting policies and standards, monitors compliance and advises the business on security requirements.' },
      { role: 'Managers', responsibility: 'Make sure their teams know and follow the security policies and that security is considered in their projects and changes.' },
      { role: 'All Workforce Members', responsibility: 'Follow this policy and its supporting policies and report suspected security weaknesses or events.' },
    ],
    domains: [1, 14],
    requirement_keys: ['GOV-01', 'GOV-02', 'GOV-03', 'GOV-04', 'GOV-05', 'GOV-09', 'GOV-10', 'CMP-03', 'CMP-08'],
  },
  {
    name: 'Risk Management Policy',
    description: 'Defines how information security risks are identified, assessed, treated, accepted and monitored.',
    purpose:
      'This policy makes sure security decisions rest on a consistent understanding of risk. It defines a repeatable method for identifying and rating risks, states who may accept residual risk and requires treatment plans to be tracked until each risk sits within the organization’s appetite.',
    scope:
      'This policy applies to all information assets, business processes, projects, suppliers and technology changes of the organization. Everyone who owns a system, process or project takes part in identifying and treating the risks that affect it.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns the risk methodology and the risk register and reports the overall risk position to executive management.' },
      { role: 'Executive Management', responsibility: 'Sets the risk appetite and accepts residual risks above the level delegated to risk owners.' },
      { role: 'Risk Owners', responsibility: 'Decide how each of their risks is treated, carry out the treatment plans and accept residual risk within their authority.' },
      { role: 'Information Security Team', responsibility: 'Facilitates risk assessments, feeds threat intelligence into them and keeps the risk register current.' },
    ],
    domains: [1],
    requirement_keys: ['GOV-06', 'GOV-07', 'GOV-08', 'GOV-09', 'APP-04', 'MON-15', 'TPR-03', 'BCD-01', 'CMP-10'],
  },
  {
    name: 'Access Control Policy',
    description: 'Governs how identities and accounts are created, authenticated, authorized, reviewed and removed.',
    purpose:
      'This policy ensures that only authorized people and services reach the organization’s information and systems, and only as far as their role requires. It sets the rules for the account lifecycle, authentication strength, privileged access and periodic access review.',
    scope:
      'This policy applies to every user, administrator, service and third-party account on the systems, applications, databases, network devices and cloud services the organization operates or uses. It covers access from the office, from remote locations and from partner networks.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy, sets the authentication and privileged access standards and approves exceptions.' },
      { role: 'Identity and Access Management Team', responsibility: 'Operates the identity provider, provisions and removes access and runs the periodic access reviews.' },
      { role: 'System Owners', responsibility: 'Approve access to their systems, define role profiles and confirm entitlements at every review.' },
      { role: 'Managers', responsibility: 'Request access for their staff based on need and report joiners, movers and leavers without delay.' },
      { role: 'All Workforce Members', responsibility: 'Protect their credentials, never share accounts and use multi-factor authentication wherever it is required.' },
    ],
    domains: [3],
    requirement_keys: [...keyRange('IAM', 1, 21), 'DPP-04', 'NET-08', 'TPR-12'],
  },
  {
    name: 'Acceptable Use Policy',
    description: 'Sets the rules every user follows when using the organization’s information, systems and devices.',
    purpose:
      'This policy tells users what is expected of them when they handle the organization’s information and use its technology, so that everyday behaviour does not put data, systems or people at risk. It makes the rules explicit, requires users to acknowledge them and explains the consequences of misuse.',
    scope:
      'This policy applies to employees, contractors, interns and any third party given an account or a device by the organization. It covers company-owned and approved personal devices, email, internet access, cloud services, removable media and paper records, in the office and while working remotely.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy, keeps the rules current and approves exceptions.' },
      { role: 'Human Resources', responsibility: 'Collects signed acknowledgements at onboarding and every year, and manages disciplinary action for violations.' },
      { role: 'Managers', responsibility: 'Make sure their staff understand and follow the rules, and report misuse they become aware of.' },
      { role: 'IT Service Desk', responsibility: 'Provides approved devices and tools and helps users apply the rules in practice.' },
      { role: 'All Workforce Members', responsibility: 'Use information and systems only for authorized purposes, follow these rules and report suspected misuse or security events.' },
    ],
    domains: [1, 7, 12],
    requirement_keys: ['GOV-11', 'GOV-14', 'IAM-01', 'IAM-10', 'IAM-14', 'IAM-15', 'DPP-14', 'END-08', 'END-10', 'END-14', 'INC-03', 'SAT-07', 'PHY-08', 'PHY-10'],
  },
  {
    name: 'Asset Management Policy',
    description: 'Requires hardware, software, cloud services and media to be inventoried, owned, supported and disposed of securely.',
    purpose:
      'This policy ensures the organization knows which technology assets it has, who is responsible for each and whether each is authorized and supported. Accurate inventories are the basis for patching, monitoring and incident response, and secure disposal keeps data from leaking out on retired equipment.',
    scope:
      'This policy applies to all end-user devices, servers, network and IoT devices, software, licenses, cloud accounts and storage media owned, leased or used by the organization, wherever they are located. It covers each asset from acquisition to return or disposal.',
    roles: [
      { role: 'IT Asset Manager', responsibility: 'Owns this policy and the asset inventories, and coordinates inventory reviews and disposal.' },
      { role: 'Asset Owners', responsibility: 'Keep the records of their assets accurate and approve their use, transfer and disposal.' },
      { role: 'IT Operations', responsibility: 'Runs the discovery and inventory tooling and removes or quarantines unauthorized devices and software.' },
      { role: 'Human Resources', responsibility: 'Tells IT when people join or leave so that assets are issued and recovered on time.' },
      { role: 'Procurement', responsibility: 'Records the licenses and support terms of purchased hardware, software and services.' },
    ],
    domains: [2],
    requirement_keys: [...keyRange('AST', 1, 9), 'NET-07', 'PHY-11'],
  },
  {
    name: 'Data Classification and Protection Policy',
    description: 'Classifies information by sensitivity and sets the handling, protection and disposal rules for each level.',
    purpose:
      'This policy makes sure information is protected in proportion to its sensitivity and value. It defines the classification levels, the handling rules attached to each and the technical safeguards that keep sensitive data from being exposed, altered or lost.',
    scope:
      'This policy applies to all information the organization creates, receives, stores or shares, in electronic or physical form, including customer, employee, financial and payment data. It covers every system, environment, service provider and medium on which that information resides.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy, the classification scheme and the data protection controls.' },
      { role: 'Data Owners', responsibility: 'Classify their information, approve who may access it and set how long it is kept.' },
      { role: 'Data Custodians', responsibility: 'Operate the systems that hold the data and apply the safeguards its classification requires.' },
      { role: 'Privacy Officer', responsibility: 'Advises on personal data and checks that the handling rules meet privacy law.' },
      { role: 'All Workforce Members', responsibility: 'Label, handle, share and dispose of information according to its classification.' },
    ],
    domains: [4],
    requirement_keys: [
      ...keyRange('DPP', 1, 8), ...keyRange('DPP', 11, 14), 'DPP-17', 'AST-07', 'END-08', 'APP-13', 'INC-13', 'PHY-11',
    ],
  },
  {
    name: 'Privacy and Data Retention Policy',
    description: 'Governs the lawful use of personal data and how long records are kept before they are securely deleted.',
    purpose:
      'This policy ensures the organization processes personal data lawfully, fairly and only for stated purposes, respects the rights of the people concerned and keeps information no longer than it needs to. It sets the retention and deletion rules for personal data and for the records that laws and contracts require the organization to keep.',
    scope:
      'This policy applies to all personal data about customers, employees, patients, users and other individuals that the organization processes, and to the business and security records it must retain. It covers processing by the organization itself and by service providers acting on its behalf.',
    roles: [
      { role: 'Privacy Officer', responsibility: 'Owns this policy, maintains the record of processing and leads privacy impact assessments.' },
      { role: 'Data Owners', responsibility: 'Confirm the purpose and legal basis of each use of personal data and apply the retention schedule.' },
      { role: 'Legal and Compliance', responsibility: 'Tracks privacy laws and contractual commitments and advises on notification duties.' },
      { role: 'Information Security Team', responsibility: 'Provides the technical controls for masking, secure storage and verified deletion.' },
      { role: 'All Workforce Members', responsibility: 'Use personal data only for its approved purpose and report suspected privacy breaches at once.' },
    ],
    domains: [4, 14],
    requirement_keys: ['DPP-15', 'DPP-16', 'DPP-01', 'DPP-02', 'DPP-05', 'DPP-06', 'DPP-12', 'CMP-01', 'CMP-04', 'INC-04', 'TPR-05', 'TPR-06'],
  },
  {
    name: 'Cryptography Policy',
    description: 'Sets the rules for encryption, hashing and signatures, and for managing keys and certificates.',
    purpose:
      'This policy ensures cryptography is used correctly and consistently to protect the confidentiality and integrity of sensitive information. It defines the approved algorithms and protocols, where encryption is mandatory and how keys and certificates are handled from creation to destruction.',
    scope:
      'This policy applies to data at rest and in transit on all systems, endpoints, backups, networks and cloud services of the organization, and to every cryptographic key, secret and certificate that protects them. It also applies to service providers that encrypt data on the organization’s behalf.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and the cryptography standard, and approves any deviation from them.' },
      { role: 'Key Custodians', responsibility: 'Generate, store, rotate and destroy keys under dual control and keep the key and certificate inventory.' },
      { role: 'IT Operations', responsibility: 'Configures encryption on systems, endpoints, backups and network services as the standard requires.' },
      { role: 'Developers', responsibility: 'Use approved cryptographic libraries and services and never design their own algorithms or protocols.' },
    ],
    domains: [4, 6, 7],
    requirement_keys: ['DPP-10', 'DPP-09', 'DPP-07', 'DPP-08', 'DPP-13', 'DPP-17', 'IAM-12', 'NET-06', 'NET-09', 'END-08', 'END-09', 'APP-10', 'BCD-06'],
  },
  {
    name: 'Vulnerability and Patch Management Policy',
    description: 'Requires vulnerabilities to be found, rated and fixed within set deadlines, and systems to stay patched and supported.',
    purpose:
      'This policy shortens the window in which attackers can exploit known weaknesses. It sets how systems are scanned and tested, how findings are prioritised and how quickly vulnerabilities and missing patches must be remediated.',
    scope:
      'This policy applies to all operating systems, applications, network devices, firmware, cloud workloads and third-party components the organization runs, internal and internet-facing alike. It covers scanning, penetration testing, patching and the handling of vulnerability reports from outside parties.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy, approves risk acceptance for findings that cannot be fixed on time and escalates overdue remediation.' },
      { role: 'Vulnerability Management Team', responsibility: 'Runs scanning and penetration testing, rates findings and reports remediation status.' },
      { role: 'System Owners', responsibility: 'Remediate findings on their systems within the deadlines or request a documented risk acceptance.' },
      { role: 'IT Operations', responsibility: 'Deploys patches and firmware updates and keeps assets on supported versions.' },
      { role: 'Development Teams', responsibility: 'Fix vulnerabilities in the organization’s own software and its third-party components.' },
    ],
    domains: [5, 6, 8],
    requirement_keys: [...keyRange('VUL', 1, 10), 'AST-04', 'NET-11', 'APP-08', 'APP-09', 'APP-11'],
  },
  {
    name: 'Network Security Policy',
    description: 'Defines how networks are designed, segmented, protected, monitored and administered.',
    purpose:
      'This policy protects information travelling across the organization’s networks by keeping trust zones apart, allowing only approved traffic and making network administration secure. It sets the baseline every network device and connection must meet.',
    scope:
      'This policy applies to all wired, wireless, remote-access and cloud networks of the organization, the devices that make them up and every connection to customers, partners and the internet. It also covers network services provided by carriers and cloud providers.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and approves the network security architecture and any exception to it.' },
      { role: 'Network Engineering', responsibility: 'Designs, configures and maintains network devices and segmentation to the hardening standards.' },
      { role: 'Security Operations', responsibility: 'Monitors network traffic, intrusion detection alerts and unauthorized wireless access points.' },
      { role: 'Change Advisory Board', responsibility: 'Reviews and approves changes to firewall rules and network configurations.' },
    ],
    domains: [6],
    requirement_keys: [...keyRange('NET', 1, 16), 'IAM-07', 'DPP-08', 'VUL-10', 'MON-11', 'PHY-13'],
  },
  {
    name: 'Endpoint Security Policy',
    description: 'Sets the hardening, protection and management requirements for servers, workstations and mobile devices.',
    purpose:
      'This policy makes every server, workstation, laptop and mobile device a hard target by requiring secure configuration, malware protection and central management. It limits what can run on devices and keeps them protected wherever they are used.',
    scope:
      'This policy applies to all servers, desktops, laptops, tablets, smartphones and other devices that connect to the organization’s networks or hold its data, whether company-owned or personally owned under an approved program. It covers physical, virtual and cloud-hosted servers.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and approves the configuration baselines and exceptions to them.' },
      { role: 'IT Operations', responsibility: 'Builds devices from the approved baselines, keeps security agents running and enrols mobile devices in management.' },
      { role: 'Security Operations', responsibility: 'Investigates endpoint detection and anti-malware alerts and tracks configuration drift.' },
      { role: 'Device Users', responsibility: 'Keep their devices updated, never disable security controls and report lost or stolen devices at once.' },
    ],
    domains: [7],
    requirement_keys: [...keyRange('END', 1, 14), 'AST-05', 'IAM-14', 'IAM-18', 'VUL-03', 'PHY-09'],
  },
  {
    name: 'Secure Development Policy',
    description: 'Builds security into every stage of designing, writing, testing and releasing software.',
    purpose:
      'This policy makes sure applications built or acquired by the organization are secure by design and stay secure in operation. It sets the security activities and gates of the development lifecycle, from requirements and threat modelling to code review, testing and release.',
    scope:
      'This policy applies to all software developed by or for the organization, including web and mobile applications, APIs, infrastructure-as-code and scripts, whether written by employees or by outsourced developers. It covers the development, test and production environments and the tools and pipelines that connect them.',
    roles: [
      { role: 'Head of Engineering', responsibility: 'Owns this policy and makes sure every development team follows the secure development lifecycle.' },
      { role: 'Application Security Team', responsibility: 'Maintains the secure coding standard, runs security testing and triages security findings.' },
      { role: 'Developers', responsibility: 'Write code to the standard, review each other’s changes and fix security defects before release.' },
      { role: 'Product Owners', responsibility: 'Include security requirements in scope and accept residual risk for their applications within their authority.' },
    ],
    domains: [8],
    requirement_keys: [...keyRange('APP', 1, 19), 'SAT-09'],
  },
  {
    name: 'Change Management Policy',
    description: 'Ensures changes to production systems are assessed, approved, tested and reversible.',
    purpose:
      'This policy keeps unauthorized or poorly tested changes from weakening security or availability. It requires every change to production to be recorded, reviewed for its security impact, approved by the right people and able to be rolled back.',
    scope:
      'This policy applies to changes to the production applications, infrastructure, network devices, configurations, cloud services and security controls of the organization. It covers standard, normal and emergency changes, whether made by staff or by service providers.',
    roles: [
      { role: 'Change Manager', responsibility: 'Owns this policy, runs the change process and keeps the change records complete.' },
      { role: 'Change Advisory Board', responsibility: 'Reviews the impact and security of normal changes and approves or rejects them.' },
      { role: 'Change Implementers', responsibility: 'Document, test and carry out changes exactly as approved, with a tested rollback plan.' },
      { role: 'Information Security Team', responsibility: 'Reviews the security impact of significant changes and checks for unauthorized changes.' },
    ],
    domains: [8],
    requirement_keys: ['APP-14', 'APP-12', 'APP-15', 'APP-18', 'GOV-09', 'IAM-20', 'NET-02', 'END-02', 'MON-12'],
  },
  {
    name: 'Logging and Monitoring Policy',
    description: 'Defines which security events are logged, how logs are protected and kept, and how they are reviewed.',
    purpose:
      'This policy makes sure the organization can detect attacks and misuse quickly and reconstruct what happened afterwards. It sets which events are recorded, how logs are centralised, protected and retained, and how alerts are reviewed and acted on.',
    scope:
      'This policy applies to every system, application, database, network device and cloud service that stores, processes or protects sensitive data, and to the logs received from service providers. It covers log collection, correlation, alerting, review and retention.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and the log management standard and reports on monitoring coverage.' },
      { role: 'Security Operations', responsibility: 'Reviews security events every day, tunes detection rules and investigates every alert to closure.' },
      { role: 'System Owners', responsibility: 'Enable the required logging on their systems and forward it to the central platform.' },
      { role: 'IT Operations', responsibility: 'Runs the logging platform, keeps clocks synchronised and makes sure log storage never runs out.' },
    ],
    domains: [9],
    requirement_keys: keyRange('MON', 1, 15),
  },
  {
    name: 'Incident Response Policy',
    description: 'Sets how security incidents are reported, assessed, contained, resolved, communicated and learned from.',
    purpose:
      'This policy limits the harm of security incidents by making sure they are recognised early and handled in a planned, coordinated way. It defines the incident response plan, the roles involved, the duty to notify affected parties and the lessons-learned process.',
    scope:
      'This policy applies to every suspected or confirmed security incident affecting the organization’s information, systems, people or service providers, whatever its cause. All workforce members and third parties working for the organization must report suspected events.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and the incident response plan and keeps executive management informed of significant incidents.' },
      { role: 'Incident Response Lead', responsibility: 'Leads the response to each incident, coordinates responders and decides on escalation.' },
      { role: 'Legal and Communications', responsibility: 'Assess notification duties and handle messages to regulators, customers and the public.' },
      { role: 'All Workforce Members', responsibility: 'Report suspected security events at once through the designated channel and support the investigation.' },
    ],
    domains: [10],
    requirement_keys: [...keyRange('INC', 1, 14), 'SAT-06'],
  },
  {
    name: 'Vendor Risk Management Policy',
    description: 'Governs how service providers are selected, assessed, contracted, monitored and offboarded.',
    purpose:
      'This policy makes sure suppliers and service providers protect the organization’s data and services to the same standard the organization applies itself. It sets risk-based due diligence before engagement, security terms in contracts, ongoing oversight and a secure exit.',
    scope:
      'This policy applies to every vendor, service provider, cloud service, outsourced developer and supplier of hardware or software that handles the organization’s data, connects to its systems or supports a critical service. It covers the whole relationship, from selection to offboarding.',
    roles: [
      { role: 'Vendor Risk Manager', responsibility: 'Owns this policy and the vendor inventory and runs risk tiering, assessments and annual reviews.' },
      { role: 'Business Owners', responsibility: 'Sponsor each vendor relationship, supply the information needed to assess it and act on review findings.' },
      { role: 'Procurement', responsibility: 'Makes sure no vendor is engaged before due diligence is complete and the contract is signed.' },
      { role: 'Legal and Compliance', responsibility: 'Includes the required security, privacy and audit terms in vendor agreements.' },
      { role: 'Information Security Team', responsibility: 'Assesses vendors’ security controls and monitors their access and logs.' },
    ],
    domains: [11],
    requirement_keys: [...keyRange('TPR', 1, 12), 'AST-08', 'APP-19', 'MON-13', 'NET-16'],
  },
  {
    name: 'Security Awareness and Training Policy',
    description: 'Makes sure everyone knows their security duties and has the skills their role requires.',
    purpose:
      'This policy reduces the risk of human error and social engineering by giving every person the knowledge to recognise and avoid threats. It sets the awareness program, the mandatory training and the role-specific skills the organization expects.',
    scope:
      'This policy applies to all employees, contractors and temporary staff, from their first day and throughout their time with the organization. It includes additional training for people in roles with elevated risk, such as administrators, developers, finance staff and incident responders.',
    roles: [
      { role: 'Chief Information Security Officer', responsibility: 'Owns this policy and approves the content of the awareness and training program every year.' },
      { role: 'Security Awareness Lead', responsibility: 'Delivers the training, runs phishing simulations and tracks completion.' },
      { role: 'Human Resources', responsibility: 'Enrols new joiners in training and keeps training and acknowledgement records.' },
      { role: 'Managers', responsibility: 'Make sure their staff complete the required training on time and follow up on overdue training.' },
      { role: 'All Workforce Members', responsibility: 'Complete the assigned training and apply what they learn in their daily work.' },
    ],
    domains: [12],
    requirement_keys: [...keyRange('SAT', 1, 11), 'INC-11'],
  },
  {
    name: 'Business Continuity and Disaster Recovery Policy',
    description: 'Keeps critical services running during disruptions and restores systems and data within their recovery objectives.',
    purpose:
      'This policy makes sure the organization can keep its critical processes running during a disruption and recover its systems and data within agreed times. It requires business impact analysis, continuity and recovery plans, protected backups and regular testing.',
    scope:
      'This policy applies to all critical business processes, applications, data, facilities and supporting service providers of the organization. It covers disruptions of every kind, including cyberattacks, technical failures, loss of a site and the unavailability of key people.',
    roles: [
      { role: 'Business Continuity Manager', responsibility: 'Owns this policy, coordinates the business impact analysis and keeps the continuity and recovery plans current.' },
      { role: 'Executive Management', responsibility: 'Approves the recovery objectives and the continuity plan and leads the response to a major disruption.' },
      { role: 'IT Disaster Recovery Team', responsibility: 'Runs backups, restores systems and data and carries out recovery tests.' },
      { role: 'Business Process Owners', responsibility: 'Define the recovery needs of their processes and take part in exercises.' },
    ],
    domains: [13],
    requirement_keys: [...keyRange('BCD', 1, 11), 'IAM-21', 'INC-14', 'PHY-12', 'PHY-16'],
  },
  {
    name: 'Physical Security Policy',
    description: 'Protects facilities, equipment and media against unauthorized access, damage and environmental threats.',
    purpose:
      'This policy prevents unauthorized physical access to the organization’s premises, equipment and information and protects them from environmental hazards. It sets how secure areas are defined, entered and monitored, and how equipment and media are protected on and off site.',
    scope:
      'This policy applies to all offices, data centres, server and network rooms and other facilities the organization owns or uses, and to the equipment and media in them or taken out of them. Employees, contractors, visitors and service personnel must all follow it.',
    roles: [
      { role: 'Facilities Security Manager', responsibility: 'Owns this policy, manages physical access systems and keeps the facility security plan current.' },
      { role: 'Facilities Management', responsibility: 'Maintains locks, environmental controls, power and cabling and keeps maintenance records.' },
      { role: 'Reception and Security Staff', responsibility: 'Register and escort visitors, issue and collect badges and watch entry points.' },
      { role: 'All Workforce Members', responsibility: 'Wear their badge, never let others follow them through controlled doors and keep desks and screens clear.' },
    ],
    domains: [15],
    requirement_keys: keyRange('PHY', 1, 16),
  },
  {
    name: 'Compliance and Audit Policy',
    description: 'Keeps track of legal, regulatory and contractual obligations and checks through audits that controls work.',
    purpose:
      'This policy makes sure the organization knows which laws, regulations and contracts apply to it and can show that its controls meet them. It sets how obligations are tracked, how security documentation is controlled and how audits, reviews and corrective actions are run.',
    scope:
      'This policy applies to every compliance program, certification and contractual security commitment of the organization, and to all controls, records and documentation that support them. It covers internal audits, independent reviews and management reviews of the security program.',
    roles: [
      { role: 'Compliance Manager', responsibility: 'Owns this policy and the register of obligations, and tracks audit findings to closure.' },
      { role: 'Internal Audit', responsibility: 'Plans and performs objective audits of the security controls and reports the results to management.' },
      { role: 'Executive Management', responsibility: 'Reviews the security program at planned intervals and decides on the actions needed.' },
      { role: 'Control Owners', responsibility: 'Operate their controls, keep the evidence auditors need and carry out corrective actions.' },
    ],
    domains: [14],
    requirement_keys: [...keyRange('CMP', 1, 11), 'AST-09'],
  },
  {
    name: 'Personnel Security Policy',
    description: 'Covers security before, during and after employment: screening, agreements, sanctions and exit.',
    purpose:
      'This policy makes sure the people who are given access to the organization’s information are suitable, understand their duties and hand back access and assets when they leave. It sets the screening, contractual, disciplinary and exit steps that apply to every workforce member.',
    scope:
      'This policy applies to all employees, contractors, interns and temporary staff of the organization, from recruitment to the end of their engagement and beyond for lasting confidentiality duties. It covers role changes as well as joiners and leavers.',
    roles: [
      { role: 'Head of Human Resources', responsibility: 'Owns this policy and runs screening, employment terms, disciplinary and exit processes.' },
      { role: 'Hiring Managers', responsibility: 'Confirm the screening level needed for each role and notify changes of role and departures on time.' },
      { role: 'Identity and Access Management Team', responsibility: 'Adjusts and removes access as soon as Human Resources reports a change or departure.' },
      { role: 'Information Security Team', responsibility: 'Defines the security duties in engagement terms and supports investigations of policy violations.' },
    ],
    domains: [1, 12],
    requirement_keys: ['GOV-11', 'GOV-12', 'GOV-13', 'GOV-14', 'GOV-15', 'IAM-04', 'AST-06', 'SAT-02'],
  },
];

/** The template with this name (case-insensitive, surrounding spaces ignored), or undefined. */
export function getPolicyTemplate(name: string): PolicyTemplateDefinition | undefined {
  const wanted = name.trim().replace(/\s+/g, ' ').toLowerCase();
  return POLICY_TEMPLATES.find((template) => template.name.toLowerCase() === wanted);
}
